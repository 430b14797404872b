/**
 * First admin (or any promotion): `npm run create-admin -- --email … --password … [--name …] [--role editor]`.
 * Creates the account, or gives an existing one the role (its password is left unchanged).
 * Works on the configured database: DATA_DIR (SQLite, default data/) or DATABASE_URL (PostgreSQL).
 */
import { parseArgs } from "node:util";
import { ensureAccount } from "~/domain/accounts/bootstrap.server";
import { isRole } from "~/platform/auth/roles";
import { AccountRuleError } from "~/domain/accounts/users.server";
import { ConfigError, config, ensureDataDir } from "~/platform/config.server";
import { closeDb, migrate } from "~/platform/db/db.server";

const usage =
  "Usage : npm run create-admin -- --email adresse@exemple.fr --password 'mot de passe' [--name 'Nom affiché'] [--role admin|editor|viewer]";

async function main(): Promise<number> {
  let values: { email?: string; password?: string; name?: string; role?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        role: { type: "string", default: "admin" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(usage + "\n");
    return 0;
  }
  if (!values.email || !values.password) {
    process.stderr.write(`Il faut --email et --password.\n${usage}\n`);
    return 2;
  }
  if (!isRole(values.role)) {
    process.stderr.write(`Rôle inconnu : « ${values.role} » (admin, editor ou viewer).\n`);
    return 2;
  }
  try {
    const cfg = config();
    ensureDataDir(cfg);
    await migrate();
    const { user, created } = await ensureAccount({
      email: values.email,
      password: values.password,
      displayName: values.name,
      role: values.role,
    });
    const where = cfg.database.engine === "postgres" ? "PostgreSQL" : cfg.database.file;
    process.stdout.write(
      created
        ? `Compte créé : ${user.email} (rôle ${user.role}) dans ${where}.\n`
        : `Compte existant : ${user.email} a maintenant le rôle ${user.role} (mot de passe inchangé) dans ${where}.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof AccountRuleError) {
      process.stderr.write(error.message + "\n");
      return 1;
    }
    const message = (error as { body?: { message?: string } }).body?.message ?? (error as Error).message;
    process.stderr.write(`Échec : ${message}\n`);
    return 1;
  } finally {
    await closeDb();
  }
}

process.exitCode = await main();
