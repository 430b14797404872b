/**
 * First admin (or any promotion):
 *   npm run create-admin -- --email … [--name …] [--role editor]          (asks for the password, hidden)
 *   printf '%s\n' "$MOT_DE_PASSE" | npm run create-admin -- --email … --password-stdin
 * Creates the account (its address confirmed), or gives an existing one the role (its password is
 * left unchanged, none is asked). The password is never taken from the command line, where the
 * shell history and `ps` would keep it, and never echoed.
 * Works on the configured database: DATA_DIR (SQLite, default data/) or DATABASE_URL (PostgreSQL).
 */
import { parseArgs } from "node:util";
import { ensureAccount } from "~/domain/accounts/bootstrap.server";
import { AccountRuleError, findUserByEmail } from "~/domain/accounts/users.server";
import { emailSchema } from "~/platform/auth/forms";
import { ROLE_LABELS, isRole } from "~/platform/auth/roles";
import { ConfigError, config, ensureDataDir } from "~/platform/config.server";
import { closeDb, migrate, withStartupLock } from "~/platform/db/db.server";
import { readPasswordFromStdin, readPasswordHidden } from "./password-input";

const usage = [
  "Usage : npm run create-admin -- --email adresse@exemple.fr [--name 'Nom affiché'] [--role admin|editor|viewer] [--password-stdin]",
  "Le mot de passe est demandé sans s'afficher, ou lu sur l'entrée standard avec --password-stdin.",
].join("\n");

async function askPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readPasswordFromStdin(process.stdin);
  if (!process.stdin.isTTY) {
    throw new AccountRuleError(
      "Pas de terminal pour saisir le mot de passe : utilisez --password-stdin et envoyez-le sur l'entrée standard.",
    );
  }
  const first = await readPasswordHidden("Mot de passe du compte (rien ne s'affiche) : ");
  const second = await readPasswordHidden("Confirmez le mot de passe : ");
  if (first !== second) throw new AccountRuleError("Les deux mots de passe ne sont pas identiques : rien n'a été créé.");
  return first;
}

async function main(): Promise<number> {
  let values: { email?: string; name?: string; role?: string; "password-stdin"?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        name: { type: "string" },
        role: { type: "string", default: "admin" },
        "password-stdin": { type: "boolean", default: false },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    const message = (error as Error).message.includes("--password")
      ? "L'option --password n'existe plus : le mot de passe est demandé sans s'afficher, ou lu sur l'entrée standard avec --password-stdin."
      : (error as Error).message;
    process.stderr.write(`${message}\n${usage}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(usage + "\n");
    return 0;
  }
  if (!values.email) {
    process.stderr.write(`Il faut --email.\n${usage}\n`);
    return 2;
  }
  if (!isRole(values.role)) {
    process.stderr.write(`Rôle inconnu : « ${values.role} » (admin, editor ou viewer).\n`);
    return 2;
  }
  try {
    const cfg = config();
    ensureDataDir(cfg);
    await withStartupLock(() => migrate());
    const email = emailSchema.safeParse(values.email);
    if (!email.success) throw new AccountRuleError("L'adresse e-mail n'est pas valide.");
    // An existing account keeps its password: only a new one needs it (the standard input is read anyway).
    const exists = Boolean(await findUserByEmail(email.data));
    const password = exists && !values["password-stdin"] ? undefined : await askPassword(Boolean(values["password-stdin"]));
    const { user, created } = await ensureAccount({ email: email.data, password, displayName: values.name, role: values.role });
    const where = cfg.database.engine === "postgres" ? "PostgreSQL" : cfg.database.file;
    const role = ROLE_LABELS[user.role].toLowerCase();
    process.stdout.write(
      created
        ? `Compte créé : ${user.email} (${role}) dans ${where}.\n`
        : `Compte existant : ${user.email} est maintenant ${role} (mot de passe inchangé) dans ${where}.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof AccountRuleError) {
      process.stderr.write(error.message + "\n");
      return 1;
    }
    process.stderr.write(`Échec : ${(error as Error).message}\n`);
    return 1;
  } finally {
    await closeDb();
  }
}

process.exitCode = await main();
