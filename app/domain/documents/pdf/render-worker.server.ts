import { createElement, type ReactElement } from "react";
import { servePdfRenders } from "~/platform/pdf/serve.server";
import type { SourceData } from "../data.server";
import { TEMPLATES } from "./templates.server";

/**
 * The PDF thread of the training documents (started by ./render.server.ts; built as
 * build/server/pdf-render-worker.js by vite/server-workers.ts). It receives a template's name and
 * its props as plain data; the logo, a Buffer, arrives as a Uint8Array.
 */
servePdfRenders(
  Object.fromEntries(
    Object.entries(TEMPLATES).map(([name, template]) => [
      name,
      (props: { source: SourceData }) =>
        createElement(template as (p: typeof props) => ReactElement, {
          ...props,
          source: { ...props.source, logo: props.source.logo ? Buffer.from(props.source.logo) : undefined },
        }),
    ]),
  ),
);
