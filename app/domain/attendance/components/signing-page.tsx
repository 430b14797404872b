import { Form } from "react-router";
import { PageIntro } from "~/domain/content/components";
import { Button } from "~/ui/button";
import { ChoiceGroup, SelectField, TextField } from "~/ui/form/fields";
import type { SigningPage, SigningReply } from "../page.server";
import { SignaturePad } from "./signature-pad";

/**
 * The signing page of a session's half-day (/emargement/{session}), made for a phone: one column,
 * large controls, works from 320 px. Without JavaScript the e-mail code and a typed name sign.
 */

const notice = "rounded-lg border p-4";
const ok = `${notice} border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100`;
const warn = `${notice} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100`;

function text(values: Record<string, unknown> | undefined, key: string): string {
  const v = values?.[key];
  return typeof v === "string" ? v : "";
}

export function SigningScreen({ page, reply }: { page: SigningPage; reply: SigningReply | undefined }) {
  const values = reply && reply.kind !== "signed" ? reply.values : undefined;
  const errors = reply?.kind === "refused" ? reply.errors : {};
  const method = text(values, "methode") || (page.remote ? "email" : "salle");
  return (
    <>
      <PageIntro eyebrow="Émargement" title={page.formationTitle}>
        <p>
          {page.halfDay ? `Demi-journée du ${page.halfDay.label}, ${page.halfDay.times} (heure de Paris).` : "Signature de votre présence."}
        </p>
      </PageIntro>
      <div className="mx-auto max-w-xl space-y-6 px-4 py-8">
        {reply?.kind === "signed" ? (
          <div role="status" data-testid="presence-enregistree" className={ok}>
            <p className="text-lg font-bold">Présence enregistrée</p>
            <p>{reply.message}</p>
          </div>
        ) : page.signedAt ? (
          <p role="status" className={ok}>
            Vous avez signé cette demi-journée le {page.signedAt}.
          </p>
        ) : !page.halfDay ? (
          <div className={warn}>
            <p className="font-semibold">Aucune demi-journée n'est ouverte à la signature en ce moment.</p>
            <p className="mt-2">La signature ouvre au début de chaque demi-journée (heure de Paris)&nbsp;:</p>
            <ul className="mt-2 list-disc pl-5">
              {page.schedule.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : page.refusal ? (
          <p role="alert" className={warn}>
            {page.refusal}
          </p>
        ) : (
          <SignForms page={page} reply={reply} values={values} errors={errors} method={method} />
        )}
      </div>
    </>
  );
}

function SignForms({
  page,
  reply,
  values,
  errors,
  method,
}: {
  page: SigningPage;
  reply: SigningReply | undefined;
  values: Record<string, unknown> | undefined;
  errors: Record<string, string>;
  method: string;
}) {
  const d = page.halfDay!.slug;
  const named = page.trainee !== null;
  return (
    <>
      {reply?.kind === "refused" ? (
        <p role="alert" className={warn}>
          {reply.message}
        </p>
      ) : null}
      {reply?.kind === "code-sent" ? (
        <p role="status" className={ok}>
          {reply.message}
        </p>
      ) : null}
      {page.trainee ? (
        <p>
          Vous signez en tant que <strong>{page.trainee.name}</strong>.
        </p>
      ) : null}
      {!page.roomCode ? (
        <Form method="post" className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800" aria-labelledby="code-email">
          <h2 id="code-email" className="text-lg font-bold text-slate-900 dark:text-white">
            Recevoir un code par e-mail
          </h2>
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="d" value={d} />
          <input type="hidden" name="t" value={page.token} />
          {!named ? (
            <TextField
              form="code"
              name="email"
              type="email"
              label="Votre adresse e-mail"
              hint="Celle de votre inscription."
              autoComplete="email"
              inputMode="email"
              defaultValue={text(values, "email")}
              error={errors.email}
            />
          ) : null}
          <Button type="submit" variant="secondary">
            Recevoir un code
          </Button>
        </Form>
      ) : null}
      <Form method="post" className="space-y-5" aria-labelledby="signer-titre">
        <h2 id="signer-titre" className="text-lg font-bold text-slate-900 dark:text-white">
          Signer ma présence
        </h2>
        <input type="hidden" name="intent" value="signer" />
        <input type="hidden" name="d" value={d} />
        <input type="hidden" name="t" value={page.token} />
        {page.roomCode ? (
          <>
            <input type="hidden" name="methode" value="salle" />
            <input type="hidden" name="code" value={page.roomCode} />
            <p className={ok}>Code de la salle reconnu.</p>
          </>
        ) : (
          <>
            <ChoiceGroup
              form="signer"
              name="methode"
              type="radio"
              label="Preuve de présence"
              groups={[
                {
                  options: [
                    ...(page.remote ? [] : [{ value: "salle", label: "Le code affiché dans la salle" }]),
                    { value: "email", label: "Le code reçu par e-mail" },
                  ],
                },
              ]}
              selected={[method]}
            />
            <TextField
              form="signer"
              name="code"
              label="Code à 6 chiffres"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              defaultValue=""
              error={errors.code}
            />
          </>
        )}
        {!named && page.choices.length ? (
          <SelectField
            form="signer"
            name="stagiaire"
            label="Votre nom"
            placeholder="Choisissez votre nom"
            groups={[{ options: page.choices }]}
            defaultValue={text(values, "stagiaire")}
          />
        ) : null}
        {!named && !page.choices.length ? (
          <TextField
            form="signer"
            name="email"
            type="email"
            label="Votre adresse e-mail"
            hint="Celle de votre inscription."
            autoComplete="email"
            inputMode="email"
            defaultValue={text(values, "email")}
          />
        ) : null}
        <SignaturePad id="signer-dessin" name="signature" label="Votre signature" />
        <TextField
          form="signer"
          name="nom"
          label="Ou tapez votre prénom et votre nom"
          hint="Sans dessin, votre nom tapé vaut signature."
          autoComplete="name"
          defaultValue={text(values, "nom")}
          error={errors.nom}
        />
        <Button type="submit" className="w-full">
          Signer ma présence
        </Button>
      </Form>
    </>
  );
}
