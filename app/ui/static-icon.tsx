import { createElement, type ReactElement } from "react";

/** The drawing of a lucide icon, as its module `lucide-react/icons/<name>` exports it. */
interface IconDrawing {
  name: string;
  aliases?: ReadonlyArray<string>;
  node: ReadonlyArray<readonly [string, Readonly<Record<string, string>>]>;
}

export interface StaticIconProps {
  className?: string;
  /** Always hidden from assistive technologies: a static icon is decoration next to its text. */
  "aria-hidden"?: "true" | true;
}

/**
 * A decorative lucide icon drawn once: the same SVG as lucide-react's component (classes
 * `lucide lucide-<name>`, 24×24, stroke attributes, `aria-hidden`), built on its first render for
 * each class list and the very same element reused by every later render — a catalogue page no
 * longer rebuilds dozens of identical icons on every request. Usage:
 * `import * as clock from "lucide-react/icons/clock"; const Clock = staticIcon(clock);`
 */
export function staticIcon(module: unknown): (props: StaticIconProps) => ReactElement {
  const drawing = (module as { __iconData?: IconDrawing }).__iconData;
  // A renamed icon's old module only re-exports the component: import the new name's module.
  if (!drawing) throw new Error("Icône lucide sans dessin (__iconData) : importez lucide-react/icons/<nom actuel>.");
  const drawn = new Map<string, ReactElement>();
  function StaticIcon({ className = "" }: StaticIconProps): ReactElement {
    let element = drawn.get(className);
    if (!element) {
      element = createElement(
        "svg",
        {
          xmlns: "http://www.w3.org/2000/svg",
          width: 24,
          height: 24,
          viewBox: "0 0 24 24",
          fill: "none",
          stroke: "currentColor",
          strokeWidth: 2,
          strokeLinecap: "round",
          strokeLinejoin: "round",
          className: [
            ...new Set([
              "lucide",
              `lucide-${drawing!.name}`,
              ...(drawing!.aliases ?? []).map((alias) => `lucide-${alias}`),
              ...className.split(" ").filter(Boolean),
            ]),
          ].join(" "),
          "aria-hidden": "true",
        },
        ...drawing!.node.map(([tag, attributes]) => createElement(tag, attributes)),
      );
      drawn.set(className, element);
    }
    return element;
  }
  StaticIcon.displayName = `StaticIcon(${drawing.name})`;
  return StaticIcon;
}
