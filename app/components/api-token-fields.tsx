/** The permission checkboxes of the API token forms, with what the plan does not include marked. */
import { API_PERMISSION_LABELS, API_PERMISSIONS, type ApiPermission } from "../../domain/api";
import { FieldError } from "./form-fields";

export function PermissionFields({
  selected,
  notInPlan,
  errors,
}: {
  selected: readonly string[];
  notInPlan: readonly ApiPermission[];
  errors?: string[] | null;
}) {
  return (
    <fieldset aria-describedby={errors?.length ? "field-permissions-error" : undefined}>
      <legend className="mb-1.5 block text-sm font-semibold text-slate-800">Permissions</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {API_PERMISSIONS.map((permission) => (
          <label key={permission} className="flex items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm">
            <input
              type="checkbox"
              name="permissions"
              value={permission}
              defaultChecked={selected.includes(permission)}
              aria-label={API_PERMISSION_LABELS[permission].label}
              aria-describedby={`permission-${permission}-hint`}
              className="mt-0.5 h-4 w-4 accent-indigo-600"
            />
            <span>
              <span className="font-semibold text-slate-800">{API_PERMISSION_LABELS[permission].label}</span>
              <span id={`permission-${permission}-hint`} className="block text-xs text-slate-500">
                {API_PERMISSION_LABELS[permission].hint}
                {notInPlan.includes(permission) ? " Not included in your plan." : ""}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id="field-permissions-error" errors={errors} />
    </fieldset>
  );
}
