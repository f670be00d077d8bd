/** The onboarding survey's questions as plain form fields (the page and the modal share them; decision 032). */
import { FieldError } from "./form-fields";

export interface SurveyQuestionView {
  id: string;
  kind: "text" | "choice";
  prompt: string;
  options: string[];
  required: boolean;
}

/** The form field of a question (the same name app/lib/onboarding-survey.server.ts reads). */
export const surveyAnswerField = (questionId: string) => `q_${questionId}`;

export function SurveyQuestions({
  questions,
  errors = {},
  idPrefix,
}: {
  questions: SurveyQuestionView[];
  errors?: Record<string, string[] | undefined>;
  idPrefix: string;
}) {
  return (
    <div className="space-y-5">
      {questions.map((question) => {
        const name = surveyAnswerField(question.id);
        const id = `${idPrefix}-${question.id}`;
        const fieldErrors = errors[name];
        const errorId = `${id}-error`;
        const label = (
          <>
            {question.prompt}
            {question.required ? null : <span className="ml-1 font-normal text-slate-500">(optional)</span>}
          </>
        );
        if (question.kind === "choice") {
          return (
            <fieldset key={question.id} aria-describedby={fieldErrors ? errorId : undefined}>
              <legend className="mb-2 text-sm font-semibold text-slate-800">{label}</legend>
              <div className="space-y-1.5">
                {question.options.map((option, index) => (
                  <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
                    <input type="radio" name={name} value={option} id={`${id}-${index}`} required={question.required} />
                    {option}
                  </label>
                ))}
              </div>
              <FieldError id={errorId} errors={fieldErrors} />
            </fieldset>
          );
        }
        return (
          <div key={question.id}>
            <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
              {label}
            </label>
            <textarea
              id={id}
              name={name}
              rows={3}
              maxLength={1000}
              required={question.required}
              aria-invalid={fieldErrors ? true : undefined}
              aria-describedby={fieldErrors ? errorId : undefined}
              className={`w-full rounded-lg border bg-white px-3 py-2 text-base shadow-sm outline-none focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 ${fieldErrors ? "border-red-500" : "border-slate-300"}`}
            />
            <FieldError id={errorId} errors={fieldErrors} />
          </div>
        );
      })}
    </div>
  );
}
