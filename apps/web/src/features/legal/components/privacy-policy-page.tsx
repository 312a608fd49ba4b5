import { LegalDocument } from './legal-document';

export function PrivacyPolicyPage() {
  return <LegalDocument document="privacypolicy" />;
}
