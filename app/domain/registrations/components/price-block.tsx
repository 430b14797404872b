import { quoteLines, registrationQuote } from "../quote";

/**
 * The price of the registration as filled in: per person, the number of trainees and the total
 * (HT, VAT and TTC, or « net de taxe »; « Sur devis » without a price). Rendered with the form's
 * rows, on the server and again after « Ajouter un stagiaire » or « Retirer »; a screen reader
 * hears the new total.
 */
export function PriceBlock({ id, price, trainees }: { id: string; price: { cents: number | null; vatMode: string }; trainees: number }) {
  const quote = registrationQuote(price.cents, price.vatMode, trainees);
  const lines = quoteLines(quote);
  return (
    <section aria-labelledby={`${id}-titre`} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
      <h2 id={`${id}-titre`} className="text-lg font-bold text-slate-900 dark:text-white">
        Prix
      </h2>
      <dl aria-live="polite" data-testid="prix-inscription" className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {lines.map((l) => (
          <div key={l.label} className="contents">
            <dt className="text-slate-700 dark:text-slate-300">{l.label}</dt>
            <dd className={l.label.startsWith("Total") ? "font-semibold text-slate-900 dark:text-white" : "text-slate-900 dark:text-white"}>
              {l.value}
            </dd>
          </div>
        ))}
      </dl>
      {quote.kind === "on-quote" ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          Le prix de cette formation est établi sur devis&nbsp;: nous vous l'adressons avec la confirmation de l'inscription.
        </p>
      ) : null}
    </section>
  );
}
