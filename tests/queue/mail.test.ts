import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MailJob } from "../../domain/mail";
import worker from "../../workers/queue/index";
import type { QueueEnv } from "../../workers/queue/src/env";

const baseEnv = env as unknown as QueueEnv;

function job(to: string, id = crypto.randomUUID()): MailJob {
  return {
    type: "mail.send",
    v: 1,
    id,
    payload: { to, subject: "Verify your email address", text: "Open https://x.example/v", html: "<p>Open</p>" },
  };
}

let seq = 0;
async function deliver(bodies: unknown[], testEnv: QueueEnv = baseEnv) {
  const batch = createMessageBatch(
    "snip-jobs",
    bodies.map((body) => ({ id: `mail${++seq}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, testEnv, ctx);
  return { batch, result: await getQueueResult(batch, ctx) };
}

async function mailTo(to: string) {
  return (await baseEnv.DB.prepare('SELECT subject FROM dev_mail WHERE "to" = ?').bind(to).all<{ subject: string }>()).results;
}

afterEach(() => vi.restoreAllMocks());

describe("the mail job", () => {
  it("locally lands in the dev mailbox, once even when delivered twice", async () => {
    const message = job("ann@example.com");
    const { batch, result } = await deliver([message, message]);
    expect(result.explicitAcks.sort()).toEqual(batch.messages.map((m) => m.id).sort());
    expect(await mailTo("ann@example.com")).toEqual([{ subject: "Verify your email address" }]);
  });

  it("goes to the HTTP mail API when one is configured, and is retried when it fails", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const calls: { url: string; body: unknown; headers: Headers }[] = [];
    let answer = 503;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push({ url: String(input), body: JSON.parse(String(init?.body)), headers: new Headers(init?.headers) });
      return new Response(null, { status: answer });
    });
    const apiEnv = { ...baseEnv, MAIL_API_URL: "https://mail.example/send", MAIL_API_KEY: "k-123", MAIL_FROM: "Snip <a@snip.example>" };
    const message = job("bob@example.com");

    const failed = await deliver([message], apiEnv);
    expect(failed.result.retryMessages.map((m) => m.msgId)).toEqual([failed.batch.messages[0]!.id]);
    expect(errors).toHaveBeenCalledWith("jobs: mail.send failed, will retry", failed.batch.messages[0]!.id, expect.any(Error));

    answer = 202;
    const sent = await deliver([message], apiEnv);
    expect(sent.result.explicitAcks).toEqual([sent.batch.messages[0]!.id]);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.url).toBe("https://mail.example/send");
    expect(calls[1]!.headers.get("authorization")).toBe("Bearer k-123");
    expect(calls[1]!.headers.get("idempotency-key")).toBe(message.id);
    expect(calls[1]!.body).toMatchObject({ from: "Snip <a@snip.example>", to: "bob@example.com", subject: "Verify your email address" });
    expect(await mailTo("bob@example.com")).toEqual([]);
  });

  it("a malformed mail is retried (and so ends in the dead-letter queue), the rest of the batch is acked", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const good = job("cy@example.com");
    const { batch, result } = await deliver([{ type: "mail.send", v: 1, id: "bad", payload: { to: "" } }, good]);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual([batch.messages[0]!.id]);
    expect(result.explicitAcks).toEqual([batch.messages[1]!.id]);
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it("without a mail API outside local runs, the job fails rather than pretending", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { batch, result } = await deliver([job("dee@example.com")], { ...baseEnv, LOCAL_DEV: undefined });
    expect(errors).toHaveBeenCalledTimes(1);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual([batch.messages[0]!.id]);
    expect(await mailTo("dee@example.com")).toEqual([]);
  });

  it("outside local runs, a mail API without its key is not called with an empty bearer: the job fails and says why", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const noKey = { ...baseEnv, LOCAL_DEV: undefined, MAIL_API_URL: "https://mail.example/send", MAIL_API_KEY: undefined };
    const { batch, result } = await deliver([job("eve@example.com")], noKey);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(result.retryMessages.map((m) => m.msgId)).toEqual([batch.messages[0]!.id]);
    expect(String(errors.mock.calls[0]?.[2])).toContain("MAIL_API_KEY is not set");
  });
});
