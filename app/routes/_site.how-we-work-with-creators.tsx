import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LegalDocumentView } from "~/components/legal-document";
import { CREATOR_POLICY } from "~/content/creator-policy";
import { legalPage } from "~/http/legal-pages.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return legalPage(context, CREATOR_POLICY, "/how-we-work-with-creators");
}

/** How the shop works with its creators (app/content/creator-policy.ts): offers, ranking, suspension, complaints. */
export default function CreatorPolicyPage() {
  const { facts } = useLoaderData<typeof loader>();
  return <LegalDocumentView document={CREATOR_POLICY} facts={facts} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.head ?? [];
