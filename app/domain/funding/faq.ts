import type { AudienceContent } from "./audiences";
import { ofOpco } from "./opco-list";
import type { OpcoContent } from "./opcos";

/**
 * The questions a funding page answers, for its FAQPage structured data: each answer is the
 * text the page shows under the matching heading.
 */
export interface FaqEntry {
  question: string;
  answer: string;
}

export function opcoFaq(opco: OpcoContent): FaqEntry[] {
  const of = ofOpco(opco.slug);
  return [
    { question: `Quels secteurs relèvent ${of}\u00a0?`, answer: opco.sectors.join(" ; ") },
    {
      question: `Que finance ${opco.name.replace(/^L'/, "l'")}, et pour qui\u00a0?`,
      answer: opco.funds.map((f) => `${f.title}\u00a0: ${f.text}`).join(" "),
    },
    {
      question: `Comment faire une demande de prise en charge auprès ${of}\u00a0?`,
      answer: opco.howToApply.map((s, i) => `${i + 1}. ${s}`).join(" "),
    },
  ];
}

export function audienceFaq(a: AudienceContent): FaqEntry[] {
  const entries: FaqEntry[] = [
    { question: `${a.label}\u00a0: qui peut en bénéficier\u00a0?`, answer: a.eligibility.join(" ") },
    {
      question: `${a.label}\u00a0: quelles sont les étapes\u00a0?`,
      answer: a.steps.map((s, i) => `${i + 1}. ${s.title}\u00a0: ${s.text}`).join(" "),
    },
  ];
  if (a.prepare.length) entries.push({ question: `${a.label}\u00a0: que faut-il préparer\u00a0?`, answer: a.prepare.join(" ") });
  return entries;
}
