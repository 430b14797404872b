/**
 * French for messages built from parts: elision (« d'Atelier », « l'adresse », « qu'elle ») and
 * contraction (« du », « des », « au », « aux »); counts with their plural are `formatCount` in
 * `~/platform/format` (never « (s) »). Every generated message goes through these helpers (a test
 * lists the messages and checks them).
 */

/** True when a word starts with a vowel sound that elides « de », « le », « que » (mute h included). */
export function startsWithVowel(word: string): boolean {
  return /^[aàâäeéèêëiîïoôöuùûüyœæh]/i.test(word.trim()) && !/^h(aut|ach|ang|ar|ér|on|ors|uit|ub|ér)/i.test(word.trim());
}

/** « de Formavia », « d'Atelier Compétences ». */
export function de(word: string): string {
  return startsWithVowel(word) ? `d'${word}` : `de ${word}`;
}

/** « que Claire », « qu'Ève ». */
export function que(word: string): string {
  return startsWithVowel(word) ? `qu'${word}` : `que ${word}`;
}

/** « le nom », « l'adresse » (masculine article, elided before a vowel). */
export function le(word: string): string {
  return startsWithVowel(word) ? `l'${word}` : `le ${word}`;
}

/** « la ville », « l'adresse ». */
export function la(word: string): string {
  return startsWithVowel(word) ? `l'${word}` : `la ${word}`;
}

/**
 * « de » followed by a definite article, contracted: de + le message → « du message »,
 * de + les méthodes → « des méthodes », de + l'adresse → « de l'adresse », de + la ville → « de la ville ».
 */
export function deArticle(noun: string, article: "le" | "la" | "les"): string {
  if (article === "les") return `des ${noun}`;
  if (startsWithVowel(noun)) return `de l'${noun}`;
  return article === "le" ? `du ${noun}` : `de la ${noun}`;
}

/** « de » before a noun phrase, contracted or elided: « les objectifs » → « des objectifs », « le message » → « du message », « Atelier » → « d'Atelier ». */
export function deLabel(phrase: string): string {
  const p = phrase.trim();
  const m = /^(les|le)\s+(.*)$/i.exec(p);
  if (m) return m[1]!.toLowerCase() === "les" ? `des ${m[2]}` : `du ${m[2]}`;
  if (/^(la\s|l')/i.test(p)) return `de ${p}`;
  return de(p);
}

/** The first letter in capitals (a label used at the start of a sentence). */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** « à » + article: « au message », « aux méthodes », « à l'adresse », « à la ville ». */
export function aArticle(noun: string, article: "le" | "la" | "les"): string {
  if (article === "les") return `aux ${noun}`;
  if (startsWithVowel(noun)) return `à l'${noun}`;
  return article === "le" ? `au ${noun}` : `à la ${noun}`;
}

/** True for a plural subject: « Les méthodes pédagogiques », « Des dates », « Vos prérequis ». */
export function isPluralSubject(subject: string): boolean {
  return /^(les|des|ces|vos|nos|leurs|mes|tes|ses)\s/i.test(subject.trim());
}

/** The verb agreed with its subject: verb("Les prérequis", "comporte", "comportent") → « comportent ». */
export function agree(subject: string, singular: string, plural: string): string {
  return isPluralSubject(subject) ? plural : singular;
}

/** « Le titre est obligatoire. », « Les méthodes pédagogiques sont obligatoires. » */
export function requiredMessage(subject: string): string {
  return `${subject} ${agree(subject, "est obligatoire", "sont obligatoires")}.`;
}

/** « Le résumé ne dépasse pas 300 caractères. », « Les prérequis ne dépassent pas 2000 caractères. » */
export function maxLengthMessage(subject: string, max: number): string {
  return `${subject} ${agree(subject, "ne dépasse pas", "ne dépassent pas")} ${max} caractères.`;
}

/** « Le titre comporte au moins 5 caractères. », « Les prérequis comportent au moins 5 caractères. » */
export function minLengthMessage(subject: string, min: number): string {
  return `${subject} ${agree(subject, "comporte", "comportent")} au moins ${min} caractères.`;
}
