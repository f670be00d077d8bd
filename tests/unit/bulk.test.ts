import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { BULK_FILE_MESSAGES, canBulkCreate, csvLine, normalizeExpiryCell, toBulkRows } from "../../domain/bulk";
import { countCsvRows, readSheet, sniffBulkFormat } from "../../domain/bulk-file";

const text = (s: string) => new TextEncoder().encode(s);

function book(rows: unknown[][], bookType: "xlsx" | "ods" | "xls"): Uint8Array {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "S");
  return new Uint8Array(XLSX.write(wb, { type: "array", bookType }) as ArrayBuffer);
}

describe("bulk columns", () => {
  it("maps header names in any order and case; rows keep their spreadsheet numbers", () => {
    const rows = [
      { row: 1, cells: ["Tags", "Long_URL", "Custom Alias", "Expiration Date", "Title"] },
      { row: 3, cells: ["a,b", "https://x.example", "my-alias", "2030-01-01", "T"] },
    ];
    expect(toBulkRows(rows, true)).toEqual([
      { row: 3, url: "https://x.example", alias: "my-alias", tags: "a,b", description: "T", expiresAt: "2030-01-01" },
    ]);
  });

  it("is positional without a header, and when the header names no url column", () => {
    const rows = [
      { row: 1, cells: ["Destination page", "x"] },
      { row: 2, cells: ["https://a.example", "alias1", "t1", "d", "e"] },
    ];
    expect(toBulkRows(rows, true)).toEqual([
      { row: 2, url: "https://a.example", alias: "alias1", tags: "t1", description: "d", expiresAt: "e" },
    ]);
    expect(toBulkRows(rows, false)).toHaveLength(2);
  });

  it("reads expiry cells as UTC", () => {
    expect(normalizeExpiryCell("2030-01-31")).toBe("2030-01-31T00:00");
    expect(normalizeExpiryCell("2030-01-31 18:30")).toBe("2030-01-31T18:30");
    expect(normalizeExpiryCell("2030-01-31T18:30:00.000Z")).toBe("2030-01-31T18:30:00.000Z");
    expect(normalizeExpiryCell("2030-01-31T18:30:00+02:00")).toBe("2030-01-31T16:30:00.000Z");
    expect(normalizeExpiryCell("next tuesday")).toBe("next tuesday");
  });

  it("needs both the create and the bulk capabilities", () => {
    expect(canBulkCreate({ plan: "pro" })).toBe(true);
    expect(canBulkCreate({ plan: "bulk10k" })).toBe(true);
    expect(canBulkCreate({ plan: "basic" })).toBe(false);
    expect(canBulkCreate({ plan: "free", userFeatures: ["use_bulk"] })).toBe(true);
    expect(canBulkCreate({ plan: "domain-renewal-service", userFeatures: ["use_bulk"] })).toBe(false);
  });
});

describe("bulk files", () => {
  it("accepts a type only when the name and the bytes agree", () => {
    const xlsx = book([["url"]], "xlsx");
    const xls = book([["url"]], "xls");
    expect(sniffBulkFormat("a.CSV", text("url\nhttps://x"))).toBe("csv");
    expect(sniffBulkFormat("a.xlsx", xlsx)).toBe("xlsx");
    expect(sniffBulkFormat("a.xls", xls)).toBe("xls");
    expect(sniffBulkFormat("a.csv", xlsx)).toBeNull();
    expect(sniffBulkFormat("a.xlsx", text("url"))).toBeNull();
    expect(sniffBulkFormat("a.xls", xlsx)).toBeNull();
    expect(sniffBulkFormat("a.txt", text("url"))).toBeNull();
    expect(sniffBulkFormat("a.csv", new Uint8Array([0xff, 0xfe, 0x00, 0x41]))).toBeNull();
  });

  it("reads csv, xls, xlsx and ods alike, skipping blank rows", async () => {
    const rows = [["url", "alias"], ["https://a.example", "x1"], [], ["https://b.example", 42]];
    const expected = [
      { row: 1, cells: ["url", "alias"] },
      { row: 2, cells: ["https://a.example", "x1"] },
      { row: 4, cells: ["https://b.example", "42"] },
    ];
    expect(await readSheet(text("\ufeffurl,alias\nhttps://a.example,x1\n\nhttps://b.example,42\n"), "csv")).toEqual({
      ok: true,
      rows: expected,
    });
    for (const type of ["xls", "xlsx", "ods"] as const)
      expect(await readSheet(book(rows, type), type)).toEqual({ ok: true, rows: expected });
  });

  it("keeps CSV text as written (no number or date guessing)", async () => {
    const result = await readSheet(text("https://a.example/?id=00123,1/2/2030\n"), "csv");
    expect(result).toEqual({ ok: true, rows: [{ row: 1, cells: ["https://a.example/?id=00123", "1/2/2030"] }] });
  });

  it("ignores the uncompressed sizes a ZIP's directory claims, and refuses what is not a ZIP", async () => {
    const file = book([["url"], ["https://a.example"]], "xlsx");
    // Patch the first central-directory entry's uncompressed size to 4 GB - 1: the bytes inflated are what count.
    const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
    let eocd = file.length - 22;
    while (view.getUint32(eocd, true) !== 0x06054b50) eocd--;
    const cd = view.getUint32(eocd + 16, true);
    view.setUint32(cd + 24, 0xffffffff, true);
    expect(await readSheet(file, "xlsx")).toEqual({
      ok: true,
      rows: [
        { row: 1, cells: ["url"] },
        { row: 2, cells: ["https://a.example"] },
      ],
    });
    expect(await readSheet(text("not a zip"), "ods")).toEqual({ ok: false, message: BULK_FILE_MESSAGES.unreadable });
  });

  it("stops reading past the row cap", async () => {
    const csv = text(Array.from({ length: 30 }, (_, i) => `https://a.example/${i}`).join("\n"));
    const result = await readSheet(csv, "csv", 10);
    expect(result.ok && result.rows.length).toBe(12);
  });
});

describe("bulk file limits", () => {
  it("counts columns as SheetJS splits them: quoted separators are text, the separator is guessed", async () => {
    const quoted = `https://a.example,"${",".repeat(500)}"\n`;
    expect(await readSheet(text(quoted), "csv")).toMatchObject({
      ok: true,
      rows: [{ row: 1, cells: ["https://a.example", ",".repeat(500)] }],
    });
    // A semicolon file (SheetJS guesses ; from its first 1,024 characters) whose URL holds 150 commas: 3 columns, not 152.
    const head = Array.from({ length: 40 }, (_, i) => `https://a.example/${i}?a=1,2;x${i};t`);
    const semicolons = [...head, `https://a.example/?q=${",".repeat(150)};y;t`].join("\n");
    const read = await readSheet(text(semicolons), "csv");
    expect(read.ok && read.rows[40]!.cells).toEqual([`https://a.example/?q=${",".repeat(150)}`, "y", "t"]);
    expect(await readSheet(text(`${"a;".repeat(100)}a\n`), "csv")).toEqual({ ok: false, message: BULK_FILE_MESSAGES.tooManyColumns });
    expect(await readSheet(text(`${"a,".repeat(99)}a\n`), "csv")).toMatchObject({ ok: true });
  });

  it("refuses a file over the cell limit", async () => {
    const rows = Array.from({ length: 2_600 }, (_, i) => `https://a.example/${i}${",x".repeat(99)}`).join("\n");
    expect(await readSheet(text(rows), "csv")).toEqual({ ok: false, message: BULK_FILE_MESSAGES.tooManyCells });
  });

  it("counts a CSV's rows for the upload's total without parsing it", () => {
    expect(countCsvRows(text("\ufeffurl,alias\r\nhttps://a.example,x\r\n,,\r\n\r\nhttps://b.example\r\n"), true)).toBe(2);
    expect(countCsvRows(text("https://a.example"), false)).toBe(1);
    expect(countCsvRows(text('url\n"",,\n'), true)).toBe(0);
  });
});

describe("the result file", () => {
  it("quotes CSV cells and defuses formulas", () => {
    expect(csvLine([1, "https://a.example/?a=1,2", "created", null])).toBe('1,"https://a.example/?a=1,2",created,');
    expect(csvLine(['=HYPERLINK("x")', 'say "hi"'])).toBe('"\'=HYPERLINK(""x"")","say ""hi"""');
  });
});
