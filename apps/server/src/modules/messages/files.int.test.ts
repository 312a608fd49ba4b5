import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageFiles, messages } from '../../db/schema/social';
import { signedInUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';
import { chatCalls, chatClock, type Person } from '../../test/messages';
import { base64, gpsJpeg } from '../../test/reviews';

// SPEC §3 Message files, §9 uploads: JPEG, PNG and PDF of at most 500 kB, told by their bytes;
// images come back without metadata; a file goes only to its driver and to support staff.

const clock = chatClock();
const server = withTestServer({ now: clock.now });
const { ok, sendFiles, page, answer } = chatCalls(server);

let driver: Person;
let stranger: Person;
let support: Person;
let admin: Person;
let moderator: Person;
beforeAll(async () => {
  [driver, stranger, support, admin, moderator] = await Promise.all([
    signedInUser(server, { name: 'Marta' }),
    signedInUser(server, { name: 'Oleg' }),
    signedInUser(server, { name: 'Sam', staffRole: 'support' }),
    signedInUser(server, { name: 'Ada', staffRole: 'admin' }),
    signedInUser(server, { name: 'Mod', staffRole: 'moderator' }),
  ]);
});

const pdf = (extra = '') =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n${extra}\n%%EOF\n`, 'latin1');

const fileOf = (who: Person | null, url: string) =>
  server.fetch(url, who ? { headers: { authorization: `Bearer ${who.token}` } } : {});

async function storedFileCount(userId: string): Promise<number> {
  const rows = await server.db
    .select({ id: messageFiles.id })
    .from(messageFiles)
    .innerJoin(messages, eq(messages.id, messageFiles.messageId))
    .where(eq(messages.userId, userId));
  return rows.length;
}

describe('files in the chat', () => {
  it('stores a PDF by its content whatever its name, and gives it only to its driver and support', async () => {
    const sent = ok(
      await sendFiles(driver, {
        text: 'the receipt',
        files: [{ name: 'receipt.png', data: base64(pdf()) }],
      }),
      201,
    );
    const [file] = sent.message.files;
    expect(file).toMatchObject({
      name: 'receipt.pdf',
      contentType: 'application/pdf',
      sizeBytes: pdf().length,
      width: null,
      height: null,
    });
    expect((await page(driver)).items.at(-1)?.files).toEqual(sent.message.files);

    for (const who of [driver, support, admin]) {
      const got = await fileOf(who, file!.url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(got.headers.get('cache-control')).toBe('private, no-store');
      expect(got.headers.get('content-disposition')).toContain(
        'attachment; filename="receipt.pdf"',
      );
      expect(Buffer.from(await got.arrayBuffer()).equals(pdf())).toBe(true);
    }
    for (const who of [stranger, moderator, null]) {
      const refused = await fileOf(who, file!.url);
      expect(refused.status).toBe(404);
      expect(refused.headers.get('cache-control')).toBe('private, no-store');
    }
    const unknown = await fileOf(driver, '/api/messages/file/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });

  it('draws images again: no EXIF or GPS comes back, JPEG and PNG alike', async () => {
    const jpeg = await gpsJpeg();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
      .png()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const sent = ok(
      await sendFiles(driver, {
        files: [
          { name: 'photo.jpg', data: base64(jpeg) },
          { name: 'screen.png', data: `data:image/png;base64,${base64(png)}` },
        ],
      }),
      201,
    );
    expect(sent.message.text).toBe('');
    expect(sent.message.files).toMatchObject([
      { name: 'photo.jpg', contentType: 'image/jpeg', width: 64, height: 48 },
      { name: 'screen.png', contentType: 'image/png', width: 40, height: 30 },
    ]);
    for (const file of sent.message.files) {
      const got = await fileOf(support, file.url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe(file.contentType);
      expect(got.headers.get('content-disposition')).toBeNull();
      const bytes = Buffer.from(await got.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
  });

  it('refuses a file over 500 kB and one that is no image or PDF, storing nothing', async () => {
    const before = await storedFileCount(driver.id);
    const big = pdf('x'.repeat(501 * 1024));
    const tooLarge = await sendFiles(driver, {
      text: 'two files',
      files: [
        { name: 'small.pdf', data: base64(pdf()) },
        { name: 'big.pdf', data: base64(big) },
      ],
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: 'FILE_TOO_LARGE', details: { index: 1 } });

    const text = await sendFiles(driver, {
      files: [{ name: 'notes.pdf', data: base64(Buffer.from('just some text, not a PDF')) }],
    });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ code: 'FILE_TYPE', details: { index: 0 } });

    const broken = await sendFiles(driver, {
      files: [{ name: 'cut.jpg', data: base64(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])) }],
    });
    expect(broken.status).toBe(415);
    expect(broken.body).toMatchObject({ code: 'FILE_TYPE', details: { index: 0 } });

    expect(await storedFileCount(driver.id)).toBe(before);
  });

  it('lets support answer with a file, which the driver gets and another driver does not', async () => {
    const reply = ok(
      await answer(support, driver, {
        text: '',
        files: [{ name: 'refund.pdf', data: base64(pdf('refund')) }],
      }),
      201,
    );
    expect(reply).toMatchObject({ author: 'support', text: '', files: [{ name: 'refund.pdf' }] });
    expect((await fileOf(driver, reply.files[0]!.url)).status).toBe(200);
    expect((await fileOf(stranger, reply.files[0]!.url)).status).toBe(404);
  });
});
