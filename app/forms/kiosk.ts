/**
 * The kiosk forms' schemas (issue 19, decision 032): announcements, the password dictionary,
 * blocked addresses and surveys. Messages are shown next to their field.
 */
import { z } from "zod";
import { formatCidr, parseCidr, type IpVersion } from "../../domain/cidr";
import { PASSWORD_MAX_LENGTH } from "../../domain/account-rules";

/**
 * The broadest range staff may block, by IP version. 0.0.0.0/0 or ::/0 (or anything near them)
 * would refuse sign-up and guest links to everyone, which no abuse report calls for. An IPv4 /8 is
 * the largest block IANA ever assigned to a single network (the old class A), so no one
 * operator's addresses need a shorter prefix. In IPv6 the regional registries receive /12 blocks
 * from IANA, and even the largest operators' allocations are around /19 to /32: a /16 floor lets
 * staff block an operator's whole allocation while refusing ranges that span a registry's.
 */
export const BLOCK_MIN_PREFIX: Record<IpVersion, number> = { 4: 8, 6: 16 };

export const KIOSK_MESSAGES = {
  titleRequired: "Enter a title.",
  titleMax: "The title must be at most 120 characters.",
  bodyMax: "The text must be at most 2,000 characters.",
  linkInvalid: "Enter a link that starts with https://, http:// or / (a page of this site).",
  passwordRequired: "Enter a password.",
  passwordMax: `A password is at most ${PASSWORD_MAX_LENGTH} characters.`,
  alreadyRefused: "This password is already refused.",
  notRefused: "This password is not in the dictionary.",
  addressInvalid: "Enter an IPv4 or IPv6 address, or a range such as 203.0.113.0/24 or 2001:db8::/32.",
  addressHostBits: (canonical: string) => `This range has bits set after its prefix: did you mean ${canonical}?`,
  addressTaken: "This address or range is already blocked.",
  addressTooBroad: `This range is too broad to block: use a prefix of /${BLOCK_MIN_PREFIX[4]} or longer for IPv4, /${BLOCK_MIN_PREFIX[6]} or longer for IPv6.`,
  reasonRequired: "Enter the reason for the block.",
  reasonMax: "The reason must be at most 200 characters.",
  surveyTitleRequired: "Enter the survey's title.",
  promptRequired: "Enter the question.",
  promptMax: "The question must be at most 300 characters.",
  kindInvalid: "Choose the kind of question.",
  optionsRequired: "Enter at least two choices, one a line.",
  optionsMax: "A question has at most 10 choices of at most 100 characters each.",
  noQuestions: "Add a question before turning the survey on.",
  lastQuestion: "The onboarding survey needs a question: turn the survey off before removing its last question.",
  notFound: "It no longer exists: someone may have deleted it.",
  answerRequired: "Enter the answer.",
  answerMax: "The answer must be at most 5,000 characters.",
} as const;

export const HELPDESK_ANSWER_MAX = 5_000;

/** Staff answer (or edit the answer to) one support request in /app/kiosk/helpdesk. */
export const helpdeskAnswerSchema = z.object({
  id: z.string().min(1).max(64),
  answer: z
    .string({ error: KIOSK_MESSAGES.answerRequired })
    .trim()
    .min(1, KIOSK_MESSAGES.answerRequired)
    .max(HELPDESK_ANSWER_MAX, KIOSK_MESSAGES.answerMax),
});

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 2_000;

/** A link an announcement may carry: an http(s) address, or a path on this site. */
function isAnnouncementLink(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.includes("\\");
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

export const announcementSchema = z.object({
  intent: z.enum(["preview", "save", "publish"]),
  id: z.string().max(64).optional(),
  title: z
    .string({ error: KIOSK_MESSAGES.titleRequired })
    .trim()
    .min(1, KIOSK_MESSAGES.titleRequired)
    .max(ANNOUNCEMENT_TITLE_MAX, KIOSK_MESSAGES.titleMax),
  body: z.string().trim().max(ANNOUNCEMENT_BODY_MAX, KIOSK_MESSAGES.bodyMax).default(""),
  url: z.string().trim().max(2_048, KIOSK_MESSAGES.linkInvalid).refine(isAnnouncementLink, KIOSK_MESSAGES.linkInvalid).optional(),
});

/** Publish, unpublish or delete one announcement from the list. */
export const announcementRowSchema = z.object({
  intent: z.enum(["publish-row", "unpublish", "delete"]),
  id: z.string().min(1).max(64),
});

export const dictionaryWordSchema = z.object({
  intent: z.enum(["add", "remove", "check"]),
  word: z
    .string({ error: KIOSK_MESSAGES.passwordRequired })
    .min(1, KIOSK_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, KIOSK_MESSAGES.passwordMax)
    .refine((word) => word.trim() !== "", KIOSK_MESSAGES.passwordRequired),
});

export const blockAddressSchema = z.object({
  cidr: z
    .string({ error: KIOSK_MESSAGES.addressInvalid })
    .trim()
    .min(1, KIOSK_MESSAGES.addressInvalid)
    .max(64, KIOSK_MESSAGES.addressInvalid)
    .transform((text, ctx) => {
      const range = parseCidr(text);
      if (range && range.prefix < BLOCK_MIN_PREFIX[range.version]) {
        ctx.addIssue({ code: "custom", message: KIOSK_MESSAGES.addressTooBroad });
        return z.NEVER;
      }
      if (range) return formatCidr(range);
      ctx.addIssue({ code: "custom", message: hostBitsHint(text) ?? KIOSK_MESSAGES.addressInvalid });
      return z.NEVER;
    }),
  reason: z
    .string({ error: KIOSK_MESSAGES.reasonRequired })
    .trim()
    .min(1, KIOSK_MESSAGES.reasonRequired)
    .max(200, KIOSK_MESSAGES.reasonMax),
});

/** `10.0.0.1/8` names no range: say which one was meant. */
function hostBitsHint(text: string): string | null {
  const [address, prefix] = text.split("/");
  if (!address || prefix === undefined) return null;
  const single = parseCidr(address);
  if (!single || !/^\d{1,3}$/.test(prefix)) return null;
  const bits = single.version === 4 ? 32 : 128;
  const n = Number(prefix);
  if (n > bits) return null;
  // Too broad whatever its host bits: say so rather than suggest a range that would be refused.
  if (n < BLOCK_MIN_PREFIX[single.version]) return KIOSK_MESSAGES.addressTooBroad;
  const maskBits = n === 0 ? 0n : ((1n << BigInt(n)) - 1n) << BigInt(bits - n);
  return KIOSK_MESSAGES.addressHostBits(formatCidr({ version: single.version, base: single.base & maskBits, prefix: n }));
}

export const surveyTitleSchema = z.object({
  title: z
    .string({ error: KIOSK_MESSAGES.surveyTitleRequired })
    .trim()
    .min(1, KIOSK_MESSAGES.surveyTitleRequired)
    .max(ANNOUNCEMENT_TITLE_MAX, KIOSK_MESSAGES.titleMax),
});

export const SURVEY_CHOICES_MAX = 10;

export const surveyQuestionSchema = z
  .object({
    prompt: z
      .string({ error: KIOSK_MESSAGES.promptRequired })
      .trim()
      .min(1, KIOSK_MESSAGES.promptRequired)
      .max(300, KIOSK_MESSAGES.promptMax),
    kind: z.enum(["text", "choice"], { error: KIOSK_MESSAGES.kindInvalid }),
    options: z
      .string()
      .max(2_000, KIOSK_MESSAGES.optionsMax)
      .default("")
      .transform((text) => [...new Set(text.split(/\r?\n/).map((line) => line.trim()))].filter(Boolean)),
    required: z.literal("on").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind !== "choice") return;
    if (value.options.length < 2) ctx.addIssue({ code: "custom", message: KIOSK_MESSAGES.optionsRequired, path: ["options"] });
    else if (value.options.length > SURVEY_CHOICES_MAX || value.options.some((option) => option.length > 100))
      ctx.addIssue({ code: "custom", message: KIOSK_MESSAGES.optionsMax, path: ["options"] });
  });

export const SURVEY_ANSWER_MAX = 1_000;
export const SURVEY_MESSAGES = {
  answerRequired: "Please answer this question.",
  answerMax: `An answer is at most ${SURVEY_ANSWER_MAX} characters.`,
  choiceInvalid: "Choose one of the answers.",
  none: "There is no survey to answer right now.",
} as const;
