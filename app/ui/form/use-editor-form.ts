import { useEffect, useRef, type FormEvent } from "react";
import { useNavigation } from "react-router";
import { useUnsavedChanges } from "~/ui/unsaved-changes";
import { useUploadTracker } from "./upload-state";
import { useForm, type SubmissionReply, type Validator } from "./use-form";

/**
 * The wiring every content editor (formation, article) shares: the form checked in part in the
 * browser (a draft's rules), the warning before leaving unsaved changes, uploads that hold the
 * submission back, and the focus after a save. A refused save keeps the form (what was typed too)
 * and the summary takes the focus (`useForm`); a save that went through puts the focus on the new
 * status (`statusRef`), as the toast says the same.
 */
export function useEditorForm({
  id,
  validator,
  reply,
  justSaved,
}: {
  id: string;
  validator: () => Promise<Validator>;
  reply: SubmissionReply | null;
  justSaved: boolean;
}) {
  const submitting = useNavigation().state === "submitting";
  const unsaved = useUnsavedChanges();
  const upload = useUploadTracker();
  const form = useForm({ id, validator, reply, partial: true, onValid: () => unsaved.markSubmitting() });
  const statusRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (reply?.errors) unsaved.resetSubmitting();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reply]);

  useEffect(() => {
    if (justSaved) statusRef.current?.focus();
  }, [justSaved]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (upload.uploading) {
      e.preventDefault();
      return;
    }
    form.formProps.onSubmit(e);
  };

  return { submitting, unsaved, upload, form, errors: form.errors, statusRef, onSubmit };
}
