/**
 * Password policy (docs/spec.md#mot-de-passe): minimum length 6 unless configured, optional maximum length and
 * lowercase, uppercase, numeric and non-alphanumeric requirements. Pure: the same rules are
 * shown beside the field and enforced on the server.
 */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number | undefined;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 6,
  maxLength: undefined,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
};

/** Upper bound when none is configured, so that hashing cannot be abused with huge inputs. */
export const HARD_MAX_PASSWORD_LENGTH = 128;

interface Rule {
  id: string;
  label: string;
  test: (password: string) => boolean;
}

export function passwordRules(policy: PasswordPolicy): Rule[] {
  const rules: Rule[] = [
    {
      id: "min",
      label: `Au moins ${policy.minLength} caractères`,
      test: (p) => [...p].length >= policy.minLength,
    },
  ];
  if (policy.maxLength !== undefined) {
    const max = policy.maxLength;
    rules.push({ id: "max", label: `Au plus ${max} caractères`, test: (p) => [...p].length <= max });
  }
  if (policy.requireLowercase) rules.push({ id: "lower", label: "Une lettre minuscule", test: (p) => /\p{Ll}/u.test(p) });
  if (policy.requireUppercase) rules.push({ id: "upper", label: "Une lettre majuscule", test: (p) => /\p{Lu}/u.test(p) });
  if (policy.requireNumeric) rules.push({ id: "digit", label: "Un chiffre", test: (p) => /\d/.test(p) });
  if (policy.requireNonAlphanumeric) {
    rules.push({ id: "symbol", label: "Un caractère spécial (ni lettre ni chiffre)", test: (p) => /[^\p{L}\p{N}]/u.test(p) });
  }
  return rules;
}

/** The French message for the first unmet rule, or null when the password is acceptable. */
export function checkPassword(password: string, policy: PasswordPolicy): string | null {
  if (policy.maxLength === undefined && [...password].length > HARD_MAX_PASSWORD_LENGTH) {
    return `Le mot de passe comporte au plus ${HARD_MAX_PASSWORD_LENGTH} caractères.`;
  }
  const failed = passwordRules(policy).filter((r) => !r.test(password));
  if (failed.length === 0) return null;
  return `Le mot de passe ne respecte pas la politique : ${failed.map((r) => r.label.toLowerCase()).join(", ")}.`;
}
