/**
 * The photo card's forms, shared by the user's profile and the organization's: a multipart upload
 * (works without JavaScript) with its error next to the field, and a remove button while a photo
 * is set. The page supplies the picture and the notice; the action's intents are `upload-photo`
 * and `remove-photo`.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FieldError, Notice, SubmitButton } from "./form-fields";
import { settingsButton, settingsSecondaryButton } from "./settings";

export function PhotoForms({
  id,
  picture,
  notice,
  hasPhoto,
  lastResult,
}: {
  /** The conform form id, unique on the page. */
  id: string;
  picture: ReactNode;
  notice: string | null;
  hasPhoto: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm<{ photo: File }>({ id, lastResult });
  const errors = fields.photo.errors;
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
      {picture}
      <div className="min-w-0 flex-1 space-y-4">
        {notice ? <Notice tone="success">{notice}</Notice> : null}
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="space-y-3">
          <input type="hidden" name="intent" value="upload-photo" />
          <div>
            <label htmlFor="field-photo" className="mb-1.5 block text-sm font-semibold text-slate-800">
              New photo
            </label>
            <input
              id="field-photo"
              name="photo"
              type="file"
              accept="image/png,image/jpeg,.png,.jpg,.jpeg"
              aria-invalid={errors?.length ? true : undefined}
              aria-describedby={errors?.length ? "field-photo-error" : undefined}
              className="block w-full text-sm text-slate-700 file:mr-4 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100"
            />
            <FieldError id="field-photo-error" errors={errors} />
          </div>
          <SubmitButton className={settingsButton}>Upload Photo</SubmitButton>
        </Form>
        {hasPhoto ? (
          <Form method="post">
            <input type="hidden" name="intent" value="remove-photo" />
            <SubmitButton className={settingsSecondaryButton}>Remove Photo</SubmitButton>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
