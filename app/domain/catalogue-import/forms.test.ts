import { describe, expect, it } from "vitest";
import { changeBatchHeader, confirmBatch, receiveBatch } from "./batch-page.server";
import { BATCH_MISSING, FILE_MISSING, FILE_NOT_IN_JOB, JOB_MISSING, UPLOAD_MISSING } from "./forms";
import { IMPORT_MAX_UPLOAD_BYTES } from "./limits";
import { IGNORED_ACK_FIELD, IGNORED_LIST_FIELD } from "./mapping";
import { receiveUpload, runImport } from "./page.server";
import { editor } from "../../../tests/support/actors";

const csv = (name: string, text: string) => new File([text], name, { type: "text/csv" });
const noFile = () => new File([], "", { type: "application/octet-stream" });

/** A multipart POST of the upload forms, as a browser sends it. */
function upload(field: string, files: File[]): Request {
  const form = new FormData();
  for (const f of files) form.append(field, f);
  return new Request("http://localhost:3000/admin/formations/import?etape=televersement", { method: "POST", body: form });
}

function posted(fields: Array<[string, string]>): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

describe("the one-file import's upload and confirmation refuse bad input beside the fields", () => {
  it("upload: no file (400), a file over 20 Mo (413), a file that cannot be read (422)", async () => {
    expect(await receiveUpload(upload("file", [noFile()]), editor)).toEqual({ ok: false, status: 400, errors: { file: UPLOAD_MISSING } });
    expect(await receiveUpload(upload("autre", [csv("a.csv", "x")]), editor)).toEqual({
      ok: false,
      status: 400,
      errors: { file: UPLOAD_MISSING },
    });
    const big = await receiveUpload(upload("file", [new File([new Uint8Array(IMPORT_MAX_UPLOAD_BYTES + 1)], "enorme.csv")]), editor);
    expect(big).toEqual({
      ok: false,
      status: 413,
      errors: { file: "Le fichier dépasse 20 Mo (20 Mo) : découpez-le en plusieurs fichiers." },
    });
    const unreadable = await receiveUpload(upload("file", [new File(["[]"], "vide.json", { type: "application/json" })]), editor);
    expect(unreadable).toMatchObject({
      ok: false,
      status: 422,
      errors: { file: "« vide.json » : Le fichier JSON ne contient aucune formation." },
    });
  });

  it("confirmation: no file reference, or ignored columns listed and not acknowledged (the box's message)", async () => {
    expect(await runImport(posted([["toutOuRien", "1"]]), editor)).toEqual({ ok: false, status: 400, errors: { fichier: FILE_MISSING } });
    const unacknowledged = await runImport(
      posted([
        ["fichier", "f-1"],
        [IGNORED_LIST_FIELD, "Réf."],
      ]),
      editor,
    );
    expect(unacknowledged).toEqual({
      ok: false,
      status: 422,
      errors: {
        [IGNORED_ACK_FIELD]:
          "La colonne « Réf. » ne sera pas importée : associez-la à un champ, ou cochez « J'ai compris » pour importer sans elle.",
      },
    });
  });
});

describe("the batch import's upload and mapping step refuse bad input beside the fields", () => {
  it("upload: no file, more than ten files, a file over 20 Mo (422, before anything is read)", async () => {
    expect(await receiveBatch(upload("files", [noFile()]), editor)).toEqual({ ok: false, status: 422, errors: { files: BATCH_MISSING } });
    const eleven = Array.from({ length: 11 }, (_, i) => csv(`f${i}.csv`, "titre\nA"));
    expect(await receiveBatch(upload("files", eleven), editor)).toEqual({
      ok: false,
      status: 422,
      errors: { files: "11 fichiers choisis : 10 au plus par lot." },
    });
    const big = new File([new Uint8Array(IMPORT_MAX_UPLOAD_BYTES + 1)], "enorme.csv");
    expect(await receiveBatch(upload("files", [csv("a.csv", "titre\nA"), big]), editor)).toEqual({
      ok: false,
      status: 422,
      errors: { files: "« enorme.csv » dépasse 20 Mo (20 Mo) : découpez-le en plusieurs fichiers." },
    });
  });

  it("mapping step: no job (404, for the screen), ignored columns listed and not acknowledged (422, beside the box)", async () => {
    expect(await confirmBatch(posted([["toutOuRien", "1"]]))).toEqual({ ok: false, status: 404, message: JOB_MISSING });
    const unacknowledged = await confirmBatch(
      posted([
        ["id", "job-1"],
        [IGNORED_LIST_FIELD, "Remarques"],
        [IGNORED_LIST_FIELD, "Code"],
      ]),
    );
    expect(unacknowledged).toEqual({
      ok: false,
      status: 422,
      errors: {
        [IGNORED_ACK_FIELD]:
          "Les colonnes « Remarques », « Code » ne seront pas importées : associez-les à un champ, ou cochez « J'ai compris » pour importer sans elles.",
      },
    });
  });

  it("header row step: no job (404), no row picked or not a row number (422), before any file is read", async () => {
    expect(await changeBatchHeader(posted([["lireEntete", "0"]]))).toEqual({ ok: false, status: 404, message: JOB_MISSING });
    const refusal = { ok: false, status: 422, message: "Choisissez la ligne qui porte les noms des colonnes." };
    expect(
      await changeBatchHeader(
        posted([
          ["id", "job-1"],
          ["lireEntete", "0"],
        ]),
      ),
    ).toEqual(refusal);
    expect(
      await changeBatchHeader(
        posted([
          ["id", "job-1"],
          ["lireEntete", "0"],
          ["f0entete", "titre"],
        ]),
      ),
    ).toEqual(refusal);
    expect(
      await changeBatchHeader(
        posted([
          ["id", "job-1"],
          ["lireEntete", "12"],
          ["f12entete", "4"],
        ]),
      ),
    ).toEqual({
      ok: false,
      status: 422,
      message: FILE_NOT_IN_JOB,
    });
  });
});
