import { LegalDocument } from './legal-document';

export function TermsOfUsePage() {
  return <LegalDocument document="termsofuse" />;
}
