/**
 * The bytes of a file cut into the parts of a multipart upload, as they come: a part goes out once it holds
 * PART_BYTES (S3's least, except for the last part), one part in flight while the next one fills, so memory stays
 * at about two parts whatever the file's size. The parts keep their numbers across invocations: a part sent again
 * under its number (a replay from the last checkpoint) replaces the one sent before.
 */
import { multipart, type UploadedPart } from '../platform/files/objects';

/** S3's least part (the last one may be smaller). */
export const PART_BYTES = 5 * 1024 * 1024;

export class PartWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private inFlight: Promise<void> = Promise.resolve();
  readonly parts: UploadedPart[];

  constructor(
    private readonly target: { Bucket: string; Key: string; UploadId: string },
    parts: readonly UploadedPart[],
    carry?: Uint8Array,
  ) {
    this.parts = [...parts];
    if (carry?.length) this.add(carry);
  }

  private add(bytes: Uint8Array) {
    this.pending.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    this.pendingBytes += bytes.byteLength;
  }

  /** Sends what is pending as the next part, after the part in flight. */
  private async send() {
    const body = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    const number = this.parts.length + 1;
    await this.inFlight;
    const sending = multipart.part(this.target, number, body).then((part) => {
      this.parts[number - 1] = part;
    });
    // Observed by the next send, `settle` or `finish`.
    sending.catch(() => undefined);
    this.inFlight = sending;
    // The slot is taken now, so that the next part gets the next number.
    this.parts.length = number;
  }

  /** Adds bytes to the file; a full part goes out (waiting for the one in flight first). */
  async write(bytes: Uint8Array): Promise<void> {
    if (!bytes.byteLength) return;
    this.add(bytes);
    if (this.pendingBytes >= PART_BYTES) await this.send();
  }

  /** Waits for the part in flight; answers the bytes not yet in a part (less than one), to carry over. */
  async settle(): Promise<Buffer> {
    await this.inFlight;
    return Buffer.concat(this.pending);
  }

  /** Sends the last part (whatever its size) and answers every part, for the upload's completion. */
  async finish(): Promise<UploadedPart[]> {
    if (this.pendingBytes > 0 || this.parts.length === 0) await this.send();
    await this.inFlight;
    return this.parts;
  }
}
