import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LegalDocumentView } from "~/components/legal-document";
import { TERMS } from "~/content/legal";
import { legalPage } from "~/http/legal-pages.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return legalPage(context, TERMS, "/terms");
}

/** The shop's terms (app/content/legal.ts), with the seller and the rules' numbers as the shop has them. */
export default function TermsPage() {
  const { facts } = useLoaderData<typeof loader>();
  return <LegalDocumentView document={TERMS} facts={facts} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.head ?? [];
