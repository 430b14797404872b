import { Check, Link2, Mail, Share2 } from "lucide-react";
import { useEffect, useState } from "react";

/**
 * Share links: plain links to each network's own sharing page (opened in a new tab), so the site
 * loads no script, button or tracker of theirs. "Copier le lien" needs JavaScript and only shows then.
 */
export function ShareLinks({ links, url }: { links: Array<{ network: string; label: string; href: string }>; url: string }) {
  const [copied, setCopied] = useState(false);
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => setCanCopy(Boolean(navigator.clipboard)), []);
  const item =
    "inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800";
  return (
    <section id="partager" aria-labelledby="partager-titre" className="mt-10 border-t border-slate-200 pt-6 dark:border-slate-800">
      <h2 id="partager-titre" className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
        <Share2 aria-hidden="true" className="size-4" />
        Partager cet article
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {links.map((l) => (
          <li key={l.network}>
            <a
              href={l.href}
              className={item}
              {...(l.network === "email" ? {} : { target: "_blank", rel: "noopener noreferrer" })}
              data-network={l.network}
            >
              {l.network === "email" ? <Mail aria-hidden="true" className="size-4" /> : null}
              {l.network === "email" ? "Envoyer par e-mail" : `Partager sur ${l.label}`}
              {l.network === "email" ? null : <span className="sr-only"> (nouvel onglet)</span>}
            </a>
          </li>
        ))}
        {canCopy ? (
          <li>
            <button
              type="button"
              className={item}
              onClick={() => {
                void navigator.clipboard.writeText(url).then(
                  () => setCopied(true),
                  () => setCopied(false),
                );
              }}
            >
              {copied ? <Check aria-hidden="true" className="size-4" /> : <Link2 aria-hidden="true" className="size-4" />}
              {copied ? "Lien copié" : "Copier le lien"}
            </button>
          </li>
        ) : null}
      </ul>
      <p className="sr-only" aria-live="polite">
        {copied ? "Le lien de l'article est copié dans le presse-papiers." : ""}
      </p>
    </section>
  );
}
