import { describe, expect, it } from "vitest";
import {
  centsDecimal,
  formatCents,
  formatCount,
  formatDate,
  formatDateAbbreviated,
  formatDateShort,
  formatDateTime,
  formatDateTimeShort,
  formatDateWithWeekday,
  formatDayRange,
  formatDays,
  formatEuros,
  formatEurosWithCents,
  formatHours,
  formatNumber,
  formatPercent,
  formatPhoneFr,
  formatSiret,
  formatTime,
  formatTimeRange,
  frenchSpacing,
  parisDayAndTime,
  plural,
  telHref,
} from "./format";

/** Intl's separators made visible: narrow no-break space → "_", no-break space → "~". */
const show = (s: string) => s.replace(/\u202f/g, "_").replace(/\u00a0/g, "~");

describe("euros", () => {
  it("whole amounts without cents, others always with two", () => {
    expect(show(formatEuros(0))).toBe("0~€");
    expect(show(formatEuros(1))).toBe("1~€");
    expect(show(formatEuros(22.5))).toBe("22,50~€");
    expect(show(formatEuros(1250))).toBe("1_250~€");
    expect(show(formatEuros(1200.005))).toBe("1_200,01~€");
    expect(show(formatEuros(0.1 + 0.2))).toBe("0,30~€");
  });

  it("documents print every amount with cents; cents are integers", () => {
    expect(show(formatEurosWithCents(1250))).toBe("1_250,00~€");
    expect(show(formatEurosWithCents(22.5))).toBe("22,50~€");
    expect(show(formatCents(250000))).toBe("2_500,00~€");
    expect(show(formatCents(-4050))).toBe("-40,50~€");
  });
});

describe("numbers and plurals", () => {
  it("groups digits and keeps needed decimals", () => {
    expect(show(formatNumber(1250))).toBe("1_250");
    expect(formatNumber(3.5)).toBe("3,5");
    expect(formatNumber(3.456, 1)).toBe("3,5");
    expect(show(formatPercent(0.944))).toBe("94~%");
  });

  it("0 and 1 take the singular", () => {
    expect(plural(0, "place")).toBe("place");
    expect(plural(1, "place")).toBe("place");
    expect(plural(2, "place")).toBe("places");
    expect(plural(2, "travail", "travaux")).toBe("travaux");
    expect(show(formatCount(1, "place"))).toBe("1~place");
    expect(show(formatCount(7, "place libre", "places libres"))).toBe("7~places libres");
    expect(show(formatCount(1250, "stagiaire"))).toBe("1_250~stagiaires");
    expect(show(formatCount(0, "place"))).toBe("0~place");
    expect(formatCount(0, "éditeur", "éditeurs", "aucun éditeur")).toBe("aucun éditeur");
    expect(formatCount(0, "formation", "formations", "aucune formation")).toBe("aucune formation");
    expect(formatCount(1, "éditeur", "éditeurs", "aucun éditeur")).toBe("1\u00a0éditeur");
    expect(formatCount(2, "éditeur", "éditeurs", "aucun éditeur")).toBe("2\u00a0éditeurs");
    expect(show(formatCount(22.5, "heure"))).toBe("22,5~heures");
  });

  it("hours and days", () => {
    expect(show(formatHours(14))).toBe("14~h");
    expect(show(formatHours(3.5))).toBe("3,5~h");
    expect(show(formatHours(22.5))).toBe("22,5~h");
    expect(show(formatHours(0))).toBe("0~h");
    expect(show(formatDays(0.5))).toBe("0,5~jour");
    expect(show(formatDays(1))).toBe("1~jour");
    expect(show(formatDays(2))).toBe("2~jours");
  });
});

describe("times", () => {
  it("« 9 h », « 9 h 30 », midnight", () => {
    expect(show(formatTime("09:00"))).toBe("9~h");
    expect(show(formatTime("09:30"))).toBe("9~h~30");
    expect(show(formatTime("00:05"))).toBe("0~h~05");
    expect(show(formatTime("17:00:00"))).toBe("17~h");
    expect(formatTime("matin")).toBe("matin");
    expect(show(formatTimeRange("09:00", "17:00"))).toBe("de 9~h à 17~h");
  });
});

describe("dates", () => {
  it("a calendar day is that day, the first of a month is « 1er »", () => {
    expect(formatDate("2026-11-21")).toBe("21 novembre 2026");
    expect(formatDate("2027-03-01")).toBe("1er mars 2027");
    expect(formatDateWithWeekday("2027-03-01")).toBe("lundi 1er mars 2027");
    expect(formatDateShort("2026-12-02")).toBe("02/12/2026");
    expect(formatDate("pas une date")).toBe("pas une date");
  });

  it("an instant is read in Paris time: midnight and summer time", () => {
    // 23:30 UTC on 31 December is already 1 January in Paris (UTC+1 in winter).
    expect(formatDate("2026-12-31T23:30:00Z")).toBe("1er janvier 2027");
    expect(show(formatDateTime("2026-12-31T23:30:00Z"))).toBe("1er janvier 2027 à 0~h~30");
    // Summer time (UTC+2): 22:05 UTC on 30 June is 0:05 on 1 July.
    expect(parisDayAndTime(new Date("2026-06-30T22:05:00Z"))).toEqual({ day: "2026-07-01", time: "00:05" });
    // The night summer time starts (29 March 2026): 01:30 UTC is 3:30 in Paris.
    expect(show(formatDateTime("2026-03-29T01:30:00Z"))).toBe("29 mars 2026 à 3~h~30");
    expect(show(formatDateTime("2026-12-01T23:58:04.203Z"))).toBe("2 décembre 2026 à 0~h~58");
  });

  it("the admin tables' short forms, in Paris time", () => {
    expect(formatDateAbbreviated("2026-11-21")).toBe("21 nov. 2026");
    expect(formatDateAbbreviated("2026-12-31T23:30:00Z")).toBe("1 janv. 2027");
    expect(formatDateTimeShort("2026-11-21T13:05:00Z")).toBe("21/11/2026 14:05");
    // Midnight in Paris is written 00:00 and belongs to the new day.
    expect(formatDateTimeShort("2026-12-31T23:00:00Z")).toBe("01/01/2027 00:00");
    // Summer time starts on 28 March 2027: 01:30 UTC is 3:30 in Paris (2:30 never happens).
    expect(formatDateTimeShort("2027-03-28T01:30:00Z")).toBe("28/03/2027 03:30");
    expect(show(formatDateTime("2027-03-28T01:30:00Z"))).toBe("28 mars 2027 à 3~h~30");
    // Summer time ends on 25 October 2026: 00:30 UTC is still 2:30 summer time, 01:30 UTC is 2:30 winter time.
    expect(formatDateTimeShort("2026-10-25T00:30:00Z")).toBe("25/10/2026 02:30");
    expect(formatDateTimeShort("2026-10-25T01:30:00Z")).toBe("25/10/2026 02:30");
    expect(formatDateTimeShort("pas une date")).toBe("pas une date");
    expect(formatDateAbbreviated("pas une date")).toBe("pas une date");
  });

  it("ranges of days", () => {
    expect(formatDayRange("2027-03-02", "2027-03-02")).toBe("le 2 mars 2027");
    expect(formatDayRange("2027-03-01", "2027-03-03")).toBe("du 1er au 3 mars 2027");
    expect(formatDayRange("2027-03-30", "2027-04-02")).toBe("du 30 mars au 2 avril 2027");
    expect(formatDayRange("2026-12-30", "2027-01-02")).toBe("du 30 décembre 2026 au 2 janvier 2027");
  });
});

describe("identifiers", () => {
  it("SIRET and phone numbers as people read them", () => {
    expect(formatSiret("12345678900012")).toBe("123 456 789 00012");
    expect(formatSiret("123 456 789 00012")).toBe("123 456 789 00012");
    expect(show(formatPhoneFr(" 04 65  71 00 12 "))).toBe("04~65~71~00~12");
    expect(telHref("04 65 71 00 12")).toBe("tel:0465710012");
    expect(telHref("+33 4 65 71 00 12")).toBe("tel:+33465710012");
  });
});

describe("frenchSpacing", () => {
  it("puts a no-break space before « : » and a narrow one before « ; ! ? », and inside « »", () => {
    expect(frenchSpacing("Adresse : Lyon ; ouvert ! Pourquoi ?")).toBe("Adresse\u00a0: Lyon\u202f; ouvert\u202f! Pourquoi\u202f?");
    expect(frenchSpacing("« Bonjour »")).toBe("«\u00a0Bonjour\u00a0»");
    expect(frenchSpacing("Quoi ?!")).toBe("Quoi\u202f?!");
    expect(frenchSpacing("Ligne une :\nligne deux")).toBe("Ligne une\u00a0:\nligne deux");
  });

  it("leaves times, addresses, queries and correct text alone", () => {
    for (const text of ["De 10:30 à 12:00", "https://exemple.fr/a?b=1", "Voir /formations?page=2", "x :y", "Déjà\u00a0: juste\u202f!", ""])
      expect(frenchSpacing(text)).toBe(text);
  });
});

describe("centsDecimal", () => {
  it("writes cents as a plain decimal with a comma, for fields and spreadsheets", () => {
    expect(centsDecimal(125050)).toBe("1250,50");
    expect(centsDecimal(0)).toBe("0,00");
    expect(centsDecimal(-1250)).toBe("-12,50");
    expect(centsDecimal(5)).toBe("0,05");
  });
});
