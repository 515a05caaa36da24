import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software for API tests: makes an ES256 credential with "none"
 * attestation and signs assertions, byte for byte as WebAuthn lays them out, so the server's real
 * WebAuthn library checks them. (The browser journeys use Chromium's virtual authenticator.)
 */

type Cbor = Parameters<typeof isoCBOR.encode>[0];

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly coseKey: Uint8Array;
  private counter = 0;

  constructor(
    private readonly origin: string,
    private readonly rpId: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The browser's answer to registration options (navigator.credentials.create). */
  register(options: Options, overrides: { origin?: string } = {}) {
    const clientData = this.clientData('webauthn.create', options.challenge, overrides.origin);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.authDataHead(FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA),
      Buffer.alloc(16), // AAGUID
      idLength,
      this.credentialId,
      this.coseKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, Cbor>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The browser's answer to assertion options (navigator.credentials.get). */
  assert(options: Options, overrides: { origin?: string; counter?: number } = {}) {
    this.counter = overrides.counter ?? this.counter + 1;
    const clientData = this.clientData('webauthn.get', options.challenge, overrides.origin);
    const authData = this.authDataHead(FLAG_USER_PRESENT | FLAG_USER_VERIFIED);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }

  private authDataHead(flags: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count]);
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
}
