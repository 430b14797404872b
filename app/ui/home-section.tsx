import * as arrowRightDrawing from "lucide-react/icons/arrow-right";
import type { ReactNode } from "react";
import { Link } from "./link";
import { staticIcon } from "./static-icon";

// Decorative icon, drawn once (see ./static-icon.tsx).
const ArrowRight = staticIcon(arrowRightDrawing);

/** A section of the home page: its h2 (the section's name), an optional line under it, a « see all » link, then its content. */
export function HomeSection({
  id,
  title,
  intro,
  more,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  const heading = (
    <>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {title}
      </h2>
      {intro ? <p className="mt-2 text-slate-700 dark:text-slate-300">{intro}</p> : null}
    </>
  );
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-12">
      {more ? (
        <div className="flex flex-wrap items-end justify-between gap-4">
          {intro ? <div>{heading}</div> : heading}
          <Link
            to={more.to}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          >
            {more.label}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      ) : (
        heading
      )}
      <div className="mt-6">{children}</div>
    </section>
  );
}
