// What the browser gets for `import ... from "react"` when the client bundle runs on Preact
// (see vite/preact-client.ts). The server keeps rendering with React 19; only the client swaps.
// Everything comes from preact/compat, plus the React 19 hook it lacks that React Router's client
// calls (useOptimistic; useActionState is not called there) and React DOM behaviours it does not
// copy, shimmed below.
import { Fragment, options, type VNode } from "preact";

// preact/compat declares its types with `export =`; at run time it is an ES module with named exports.
// @ts-expect-error TS2498: re-exporting an `export =` module
export * from "preact/compat";
export { default } from "preact/compat";

/**
 * React 19's useOptimistic without transitions: Preact renders updates synchronously, so there is
 * no pending transition during which an optimistic value would show. The value passed in is the
 * value shown. React Router's RouterProvider calls the setter only with `useTransitions: true`
 * (not used here); calling it is then a no-op.
 */
export function useOptimistic<S, A>(passthrough: S, _reducer?: (state: S, action: A) => S): [S, (action: A) => void] {
  return [passthrough, noop];
}

function noop() {}

type Handler = (event: Event) => void;
type Props = Record<string, unknown> & { onChange?: Handler; onInput?: Handler };

/** Fields whose React onChange follows each keystroke (the native `input` event). */
function typedInto(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !/^(checkbox|radio|file)$/.test(target.type);
}

/**
 * React DOM's onChange on an element that holds fields (a <form>, a <fieldset>) fires as any field inside changes,
 * at each keystroke for text fields. Preact would listen to the native `change` event, which a
 * text field sends only when left. Here typing reaches onChange through `input` events, and the
 * native `change` event reaches it for the other fields only (checkboxes, radios, selects, files).
 */
function bubblingOnChange(props: Props) {
  const onChange = props.onChange!;
  const onInput = props.onInput;
  props.onInput = (event) => {
    onInput?.(event);
    if (typedInto(event.target)) onChange(event);
  };
  props.onChange = (event) => {
    if (!typedInto(event.target)) onChange(event);
  };
}

// In development the dependency optimizer bundles a copy of this module next to the app's own:
// the option hooks below are installed once.
const installed = "__reactOnPreact" in options;
Object.assign(options, { __reactOnPreact: true });

const nextVNodeHook = options.vnode;
if (!installed)
  options.vnode = (vnode: VNode) => {
    const type = vnode.type;
    if (type === "html") {
      // The root layout renders <html>. Preact hydrates `document` as its documentElement, so an
      // <html> element in the tree would be created inside the existing one: it is a fragment
      // instead (its <head> and <body> then meet the server's; the attributes of <html> stay as the
      // server and the theme script set them).
      (vnode as { type: unknown }).type = Fragment;
    } else if (typeof type === "string" && type !== "input" && type !== "textarea" && type !== "select") {
      const props = vnode.props as Props;
      if (typeof props.onChange === "function") {
        const copy = { ...props };
        bubblingOnChange(copy);
        (vnode as { props: unknown }).props = copy;
      }
    }
    nextVNodeHook?.(vnode);
  };

/** Props that hold an element id, and their attribute. */
const ID_PROPS: Record<string, string> = {
  id: "id",
  htmlFor: "for",
  for: "for",
  "aria-activedescendant": "aria-activedescendant",
  "aria-controls": "aria-controls",
  "aria-describedby": "aria-describedby",
  "aria-details": "aria-details",
  "aria-errormessage": "aria-errormessage",
  "aria-labelledby": "aria-labelledby",
  "aria-owns": "aria-owns",
  list: "list",
};

/**
 * useId gives other values on the server (React: «_R_…_») than in the browser (Preact: «P0-…»),
 * and hydration keeps the server's attributes: an element rendered later (an opened menu's panel)
 * would carry Preact's id while the hydrated button still points to React's. So after each
 * element is diffed, id-holding attributes that differ from the props are set to the props'
 * values (after hydration they already match: nothing is written).
 */
const nextDiffedHook = options.diffed;
if (!installed)
  options.diffed = (vnode: VNode) => {
    if (typeof vnode.type === "string") {
      // `__e` is the vnode's DOM node in Preact's (stable, mangled) internal naming.
      const dom = (vnode as unknown as { __e?: Element | null }).__e;
      const props = vnode.props as Record<string, unknown>;
      if (dom && dom.nodeType === 1) {
        for (const name in props) {
          const attribute = ID_PROPS[name];
          const value = props[name];
          if (attribute && typeof value === "string" && dom.getAttribute(attribute) !== value) dom.setAttribute(attribute, value);
        }
      }
    }
    nextDiffedHook?.(vnode);
  };
