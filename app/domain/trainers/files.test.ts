import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, type TestDatabase } from "../../../tests/support/databases";
import { documentsTestConfig } from "~/domain/documents/test-config";
import { storage } from "~/platform/storage/storage.server";
import { loader as pieceLoader } from "~/routes/admin/formateur-piece";
import { addTrainerFile, listTrainerFiles, pruneOrphanTrainerFiles, removeTrainerFile, trainerFileDownload } from "./files.server";
import { trainerFileSchema } from "./model";
import { TrainerForbiddenError, createTrainer, deleteTrainer } from "./trainers.server";

/** A trainer's CV and diplomas (docs/legal/trainers.md): private files, staff only, deleted with the trainer. */

documentsTestConfig("trainer-files-test-");

const editor = { id: "u-editor", email: "editrice@formavia.test", role: "editor" as const };
const viewer = { id: "u-viewer", email: "lecteur@formavia.test", role: "viewer" as const };

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe("the CV and diploma form's schema", () => {
  it("wants a PDF or an image of 10 Mo at most, and its kind, with French messages", () => {
    const file = (name: string, type: string, size: number) => ({ kind: "cv", file: { name, type, size } });
    expect(trainerFileSchema.safeParse(file("cv.pdf", "application/pdf", 2000)).success).toBe(true);
    expect(trainerFileSchema.safeParse(file("diplome.JPG", "", 2000)).success).toBe(true);
    const big = trainerFileSchema.safeParse(file("cv.pdf", "application/pdf", 10 * 1024 * 1024 + 1));
    expect(big.success ? "" : big.error.issues[0]!.message).toBe(
      "Le fichier dépasse 10\u00a0Mo\u00a0: réduisez-le (ou numérisez-le en moins haute résolution) avant de l'envoyer.",
    );
    const word = trainerFileSchema.safeParse(
      file("cv.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", 2000),
    );
    expect(word.success ? "" : word.error.issues[0]!.message).toBe("Envoyez un PDF ou une image (JPEG, PNG ou WebP).");
    expect(trainerFileSchema.safeParse({ kind: "photo", file: { name: "a.pdf", type: "application/pdf", size: 1 } }).success).toBe(false);
  });
});

describe.each(engines)("a trainer's CV and diplomas ($name)", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(() => t.cleanup());
  const ctx = () => ({ actor: editor, target: t.db });

  async function trainer(email: string) {
    const r = await createTrainer({ name: "Marie Curie", email, status: "interne" }, ctx());
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.value;
  }

  it("stores a PDF and an image read from their content, lists them, and gives them back to staff only", async () => {
    const marie = await trainer("marie@formavia.test");
    const cv = await addTrainerFile(marie.id, { kind: "cv", filename: "CV Marie Curie (2026).pdf", body: PDF }, ctx());
    expect(cv).toMatchObject({
      ok: true,
      value: { kind: "cv", kindLabel: "CV", filename: "CV-Marie-Curie-2026.pdf", contentType: "application/pdf" },
    });
    // The extension follows the content, not the name sent.
    const diploma = await addTrainerFile(marie.id, { kind: "diplome", filename: "diplôme.pdf", body: PNG }, ctx());
    expect(diploma).toMatchObject({ ok: true, value: { filename: "diplome.png", contentType: "image/png" } });
    expect((await listTrainerFiles(marie.id, t.db)).map((f) => [f.kindLabel, f.filename])).toEqual(
      expect.arrayContaining([
        ["CV", "CV-Marie-Curie-2026.pdf"],
        ["Diplôme ou certificat", "diplome.png"],
      ]),
    );
    const id = cv.ok ? cv.value.id : "";
    const download = await trainerFileDownload(marie.id, id, ctx());
    expect(download).toMatchObject({ filename: "CV-Marie-Curie-2026.pdf", contentType: "application/pdf" });
    expect(download!.body.equals(PDF)).toBe(true);
    // Another trainer's id does not reach it.
    const other = await trainer("autre@formavia.test");
    expect(await trainerFileDownload(other.id, id, ctx())).toBeUndefined();

    // A viewer is refused (thrown); anonymous visitors never reach the domain: the route sends them to sign in.
    await expect(trainerFileDownload(marie.id, id, { actor: viewer, target: t.db })).rejects.toBeInstanceOf(TrainerForbiddenError);
    await expect(
      addTrainerFile(marie.id, { kind: "cv", filename: "x.pdf", body: PDF }, { actor: viewer, target: t.db }),
    ).rejects.toBeInstanceOf(TrainerForbiddenError);
    await expect(removeTrainerFile(marie.id, id, { actor: viewer, target: t.db })).rejects.toBeInstanceOf(TrainerForbiddenError);
    const anonymous = await pieceLoader({
      request: new Request(`http://formavia.test/admin/formateurs/${marie.id}/pieces/${id}`),
      params: { id: marie.id, fileId: id },
      context: {},
    } as Parameters<typeof pieceLoader>[0]).catch((thrown: unknown) => thrown);
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).status).toBe(302);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/login/);

    // Removed one by one.
    expect(await removeTrainerFile(marie.id, id, ctx())).toEqual({ ok: true, value: undefined });
    expect(await trainerFileDownload(marie.id, id, ctx())).toBeUndefined();
    expect(await removeTrainerFile(marie.id, id, ctx())).toMatchObject({ ok: false, kind: "not-found" });
  });

  it("refuses what is neither a PDF nor an image, and what is larger than 10 Mo, beside the field", async () => {
    const marie = await trainer("marie2@formavia.test");
    expect(await addTrainerFile(marie.id, { kind: "cv", filename: "cv.pdf", body: Buffer.from("<html>pas un PDF</html>") }, ctx())).toEqual(
      {
        ok: false,
        kind: "invalid",
        errors: { file: "Envoyez un PDF ou une image (JPEG, PNG ou WebP)." },
      },
    );
    const large = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect(await addTrainerFile(marie.id, { kind: "cv", filename: "cv.pdf", body: large }, ctx())).toMatchObject({
      ok: false,
      errors: { file: expect.stringMatching(/^Le fichier dépasse 10\u00a0Mo/) },
    });
    expect(await addTrainerFile(marie.id, { kind: "photo", filename: "cv.pdf", body: PDF }, ctx())).toMatchObject({
      ok: false,
      errors: { kind: "Choisissez la nature de la pièce." },
    });
    expect(await listTrainerFiles(marie.id, t.db)).toEqual([]);
  });

  it("erasing the trainer erases their CV and diplomas, rows and files; housekeeping removes a file left without its row", async () => {
    const marie = await trainer("marie3@formavia.test");
    const a = await addTrainerFile(marie.id, { kind: "cv", filename: "cv.pdf", body: PDF }, ctx());
    const b = await addTrainerFile(marie.id, { kind: "diplome", filename: "d.png", body: PNG }, ctx());
    const keys = (await t.db.selectFrom("trainer_files").select("storage_key").where("trainer_id", "=", marie.id).execute()).map(
      (r) => r.storage_key,
    );
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^formateurs\/pieces\/\d{13}-[0-9a-f-]{36}\.(pdf|png)$/);
    expect(a.ok && b.ok).toBe(true);

    expect(await deleteTrainer(marie.id, ctx())).toEqual({ ok: true, value: undefined });
    expect(await t.db.selectFrom("trainer_files").select("id").where("trainer_id", "=", marie.id).execute()).toEqual([]);
    for (const key of keys) expect(await storage().get(key)).toBeUndefined();

    // An upload interrupted between its file and its row: removed once an hour old, not before.
    const orphan = `formateurs/pieces/${Date.now() - 2 * 60 * 60 * 1000}-0b5b6f3e-6a0e-4f5e-9a4b-1c2d3e4f5a6b.pdf`;
    const recent = `formateurs/pieces/${Date.now()}-1b5b6f3e-6a0e-4f5e-9a4b-1c2d3e4f5a6b.pdf`;
    await storage().put(orphan, PDF, "application/pdf");
    await storage().put(recent, PDF, "application/pdf");
    const kept = await trainer("marie4@formavia.test");
    const live = await addTrainerFile(kept.id, { kind: "cv", filename: "cv.pdf", body: PDF }, ctx());
    expect(await pruneOrphanTrainerFiles(Date.now(), { target: t.db })).toBeGreaterThanOrEqual(1);
    expect(await storage().get(orphan)).toBeUndefined();
    expect(await storage().get(recent)).toBeDefined();
    expect((await trainerFileDownload(kept.id, live.ok ? live.value.id : "", ctx()))?.body.equals(PDF)).toBe(true);
    await storage().delete(recent);
  });
});
