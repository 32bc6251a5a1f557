// Prints the certificate authorities of a PEM file (NODE_EXTRA_CA_CERTS) that Node does not trust already:
// what a build on this machine must add to reach its npm registry. Prints nothing without a file.
import { existsSync, readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';

const file = process.argv[2];
const normalized = (pem: string) => pem.replace(/\s+/g, '');
const trusted = new Set(rootCertificates.map(normalized));
const certificates =
  file && existsSync(file)
    ? (readFileSync(file, 'utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [])
    : [];
process.stdout.write(certificates.filter((pem) => !trusted.has(normalized(pem))).join('\n'));
