import { Cookie } from "lucide-react";
import { Link } from "~/ui/link";
import type { Route } from "./+types/politique-cookies";
import { PAGE_TEXTS } from "~/domain/content/page-texts";
import { LastUpdated, PageIntro, ScrollableTable } from "~/domain/content/components";
import { LEGAL_UPDATED_AT, OPTIONAL_STORAGE, STRICTLY_NECESSARY_STORAGE, type StoredItem } from "~/domain/content/legal";
import { DEMO_ORGANISATION } from "~/domain/settings/organisation";
import { openConsentPreferences } from "~/platform/consent/consent";
import { pageBreadcrumbMeta } from "~/platform/seo/json-ld";
import { pageMeta } from "~/platform/seo/meta";
import { useRootData } from "~/root";
import { Button } from "~/ui/button";
import { ServerHtml } from "~/ui/server-html";

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, { title: PAGE_TEXTS["/politique-cookies"].title, description: PAGE_TEXTS["/politique-cookies"].description }),
    ...pageBreadcrumbMeta(args, "Politique de cookies"),
  ];
}

function StorageTable({ caption, items }: { caption: string; items: readonly StoredItem[] }) {
  return (
    <ScrollableTable label={caption} minWidth="44rem">
      <thead>
        <tr>
          <th scope="col">Nom</th>
          <th scope="col">Type</th>
          <th scope="col">Finalité</th>
          <th scope="col">Durée de conservation</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.name}>
            <th scope="row" className="font-mono text-xs whitespace-nowrap">
              {item.name}
            </th>
            <td>{item.kind}</td>
            <td>{item.purpose}</td>
            <td>{item.duration}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}

export default function PolitiqueCookies() {
  const o = useRootData()?.organisation ?? DEMO_ORGANISATION;
  // Only the « Modifier mes choix » button reacts: the text around it keeps the server's HTML on a
  // first load (docs/decisions/0007-static-first-load.md).
  return (
    <>
      <ServerHtml>
        {() => (
          <PageIntro eyebrow="Informations légales" title="Politique de cookies">
            <p>
              Ce site n'utilise aucun cookie publicitaire ni aucun traceur tiers. Voici ce qu'il conserve dans votre navigateur, pourquoi,
              et comment modifier vos choix.
            </p>
          </PageIntro>
        )}
      </ServerHtml>

      <div className="mx-auto max-w-6xl px-4 py-12">
        <div className="prose-site max-w-4xl">
          <ServerHtml>
            {() => (
              <>
                <h2>Cookies et stockage local</h2>
                <p>
                  Un cookie est un petit fichier déposé dans votre navigateur par le site que vous consultez. Le stockage local
                  (localStorage) et le stockage de session (sessionStorage) jouent un rôle voisin&nbsp;: ils permettent au site de conserver
                  des informations sur votre appareil. Les règles sont les mêmes pour tous ces procédés&nbsp;: ceux qui sont strictement
                  nécessaires au service que vous demandez peuvent être utilisés sans votre accord, les autres uniquement avec votre
                  consentement.
                </p>

                <h2>Stockages strictement nécessaires</h2>
                <p>
                  Ils permettent au site de fonctionner et de se souvenir de vos choix. Ils ne servent ni à vous suivre ni à vous profiler,
                  et ne sont pas soumis à votre consentement.
                </p>
                <StorageTable caption="Cookies et stockages strictement nécessaires" items={STRICTLY_NECESSARY_STORAGE} />

                <h2>Mesure d'audience (facultative)</h2>
                <p>
                  Avec votre accord, nous comptons les pages consultées afin de savoir quels contenus sont utiles. Cette mesure est réalisée
                  par {o.name} lui-même, sans cookie ni identifiant&nbsp;: elle ne permet pas de vous reconnaître d'une page à l'autre ni
                  d'une visite à l'autre. Elle n'est activée que si vous choisissez «&nbsp;Tout accepter&nbsp;» ou cochez «&nbsp;Mesure
                  d'audience&nbsp;» dans le bandeau.
                </p>
                <StorageTable caption="Mesure d'audience facultative" items={OPTIONAL_STORAGE} />

                <h2>Aucune publicité, aucun traceur tiers</h2>
                <p>
                  Le site ne contient ni cookie publicitaire, ni bouton de partage de réseau social, ni vidéo, police ou script chargé
                  depuis un service tiers. Aucune information sur votre navigation n'est transmise à un tiers.
                </p>

                <h2>Modifier vos choix</h2>
                <p>
                  Vous pouvez à tout moment accepter ou refuser la mesure d'audience, avec ce bouton ou avec le lien «&nbsp;Gérer les
                  cookies&nbsp;» présent en bas de chaque page. Votre choix est conservé 6&nbsp;mois, puis vous est redemandé.
                </p>
              </>
            )}
          </ServerHtml>
          <p>
            <Button onClick={openConsentPreferences}>
              <Cookie aria-hidden="true" className="size-4" />
              Modifier mes choix
            </Button>
          </p>
          <ServerHtml>
            {() => (
              <>
                <h3>Depuis votre navigateur</h3>
                <p>
                  Vous pouvez aussi consulter et supprimer les cookies et les données de ce site depuis les réglages de votre
                  navigateur&nbsp;:
                </p>
                <ul>
                  <li>Chrome&nbsp;: Paramètres, puis Confidentialité et sécurité&nbsp;;</li>
                  <li>Firefox&nbsp;: Paramètres, puis Vie privée et sécurité, puis Cookies et données de sites&nbsp;;</li>
                  <li>Safari&nbsp;: Réglages, puis Confidentialité, puis Gérer les données de sites web&nbsp;;</li>
                  <li>Edge&nbsp;: Paramètres, puis Cookies et autorisations de site.</li>
                </ul>
                <p>
                  Si vous bloquez le cookie de session, vous ne pourrez plus vous connecter à votre compte&nbsp;; si vous effacez le
                  stockage local, le site vous redemandera vos choix et vos brouillons de formulaires seront perdus.
                </p>

                <h2>En savoir plus</h2>
                <p>
                  Pour savoir comment nous traitons vos données personnelles, consultez notre{" "}
                  <Link to="/politique-confidentialite">politique de confidentialité</Link>. Pour toute question&nbsp;:{" "}
                  <a href={`mailto:${o.dpoEmail}`}>{o.dpoEmail}</a>.
                </p>

                <LastUpdated date={LEGAL_UPDATED_AT.cookies} />
              </>
            )}
          </ServerHtml>
        </div>
      </div>
    </>
  );
}
