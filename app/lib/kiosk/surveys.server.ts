/** The onboarding switch shared by the surveys list and a survey's page (decision 032). */
import { data, redirect } from "react-router";
import { getSurvey, setOnboardingSurvey } from "../../../db/surveys.server";
import { KIOSK_MESSAGES } from "../../forms/kiosk";
import type { Staff } from "./staff.server";

/** `onboarding-on` turns the posted survey on (any other goes off); `onboarding-off` turns it off. */
export async function onboardingAction(staff: Staff, formData: FormData, back: string) {
  const id = formData.get("survey");
  const survey = typeof id === "string" && id.length <= 64 ? await getSurvey(staff.db, id) : null;
  if (!survey) return data({ error: KIOSK_MESSAGES.notFound }, { status: 404 });
  if (formData.get("intent") === "onboarding-off") {
    // Only the survey that is on can be turned off: a stale page turns nothing else off.
    if (survey.onboarding) await setOnboardingSurvey(staff.db, staff.actor, null);
    return redirect(`${back}?notice=off`);
  }
  if (survey.questions.length === 0) return data({ error: KIOSK_MESSAGES.noQuestions }, { status: 422 });
  await setOnboardingSurvey(staff.db, staff.actor, survey);
  return redirect(`${back}?notice=on`);
}
