import { Form } from "react-router";
import { Button } from "~/ui/button";

/** What each side says of the subscription: staff on the trainer's admin page, the trainer in their space. */
const TEXTS = {
  staff: {
    title: "Agenda du formateur",
    intro: "Une adresse secrète d'abonnement (.ics) à donner au formateur\u00a0: ses sessions apparaissent dans son agenda.",
    label: "Adresse à transmettre (affichée une seule fois)",
    create: "Créer un lien d'agenda",
    replace: "Remplacer le lien d'agenda",
    revoke: "Révoquer le lien d'agenda",
  },
  trainer: {
    title: "Votre agenda",
    intro:
      "Une adresse secrète d'abonnement (.ics) à ajouter à votre agenda (Outlook, Google Agenda, Apple Calendrier)\u00a0: les demi-journées que vous animez y apparaissent et s'y mettent à jour. Ne la partagez pas\u202f; en cas de doute, remplacez-la\u00a0: l'ancienne cesse aussitôt de répondre.",
    label: "Votre adresse d'abonnement (affichée une seule fois, copiez-la maintenant)",
    create: "Obtenir mon adresse d'abonnement",
    replace: "Remplacer mon adresse d'abonnement",
    revoke: "Révoquer mon adresse d'abonnement",
  },
} as const;

/**
 * The trainer's calendar subscription: create (or replace) the secret address, shown once (only its
 * SHA-256 is kept), or revoke it. The same panel on the trainer's admin page and in their space.
 */
export function FeedLink({ active, url, audience = "staff" }: { active: boolean; url: string | undefined; audience?: keyof typeof TEXTS }) {
  const t = TEXTS[audience];
  return (
    <section aria-labelledby="agenda" className="space-y-3">
      <h2 id="agenda" className="text-lg font-semibold">
        {t.title}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t.intro} {active ? "Un lien est actif." : "Aucun lien actif."}
      </p>
      {url ? (
        <div>
          <label htmlFor="agenda-url" className="text-sm font-semibold">
            {t.label}
          </label>
          <input
            id="agenda-url"
            readOnly
            value={url}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="agenda-lien" />
          <Button type="submit" variant="secondary">
            {active ? t.replace : t.create}
          </Button>
        </Form>
        {active ? (
          <Form method="post">
            <input type="hidden" name="intent" value="agenda-revoquer" />
            <Button type="submit" variant="secondary">
              {t.revoke}
            </Button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
