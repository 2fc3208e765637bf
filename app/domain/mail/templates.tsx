/**
 * The shop's emails as React Email components. Each template is a function of plain values; the
 * mail service renders it to HTML and to plain text (every message has both).
 */
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Text } from "@react-email/components";
import type { ReactNode } from "react";

import { SHOP } from "~/lib/shop";

const page = { backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif", color: "#0f172a" };
const card = { backgroundColor: "#ffffff", margin: "24px auto", padding: "32px", maxWidth: "560px", borderRadius: "12px" };
const button = { backgroundColor: "#6d28d9", color: "#ffffff", padding: "12px 20px", borderRadius: "8px", fontWeight: 600, textDecoration: "none" };
const small = { fontSize: "12px", color: "#64748b", lineHeight: "18px" };

function Layout({ preview, title, children }: { preview: string; title: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 16px" }}>
            {title}
          </Heading>
          {children}
          <Hr style={{ borderColor: "#e2e8f0", margin: "24px 0 12px" }} />
          <Text style={small}>
            {SHOP.name} · {SHOP.address}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** "Hello Ada," for a name the shop may quote, "Hello," where it may not (an address not yet confirmed). */
function greeting(name: string | null) {
  return name ? `Hello ${name},` : "Hello,";
}

export function PasswordResetEmail({ name, link, minutes }: { name: string | null; link: string; minutes: number }) {
  return (
    <Layout preview={`Reset your ${SHOP.name} password`} title="Reset your password">
      <Text>{greeting(name)}</Text>
      <Text>Someone asked to reset the password of your {SHOP.name} account. If it was you, choose a new password here:</Text>
      <Button href={link} style={button}>
        Choose a new password
      </Button>
      <Text>Or paste this link into your browser: {link}</Text>
      <Text style={small}>The link works once and for {minutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.</Text>
    </Layout>
  );
}

export function PasswordChangedEmail({ name, loginLink }: { name: string | null; loginLink: string }) {
  return (
    <Layout preview={`Your ${SHOP.name} password was changed`} title="Your password was changed">
      <Text>{greeting(name)}</Text>
      <Text>The password of your {SHOP.name} account was just changed, and every device signed in to it was signed out.</Text>
      <Text>If this was you, there is nothing more to do. If it was not, reset your password at once from the login page: {loginLink}</Text>
    </Layout>
  );
}

export interface ReceiptLine {
  orderId: number;
  product: string;
  packageName: string;
  invoiceNumber: string | null;
  paidAt: string;
  /** The money as the invoice has it, formatted: the price, a discount, the tax with its name and rate, the total. */
  money: { price: string; discount: string | null; taxLabel: string; tax: string; total: string; taxNote: string | null };
  /** When the work starts and is due (app/lib/rules/work-dates.ts). */
  dates: string;
}

/**
 * The receipt of a paid order: what was bought, the money as the invoice has it (never "Price excludes
 * taxes": the tax is on it), when the work starts and is due, and the next step, the brief. Links
 * (the brief, the invoice's PDF, the orders) only where the shop's origin is known.
 */
export function OrderReceiptEmail({
  name,
  receipt,
  links,
}: {
  name: string;
  receipt: ReceiptLine;
  links: { brief: string; invoicePdf: string | null; orders: string } | null;
}) {
  const rows: [string, string][] = [
    ["Order", `#${receipt.orderId}`],
    ["Service", receipt.product],
    ["Package", receipt.packageName],
    ...(receipt.invoiceNumber ? ([["Invoice", receipt.invoiceNumber]] as [string, string][]) : []),
    ["Paid on", receipt.paidAt],
  ];
  const { money } = receipt;
  const sums: [string, string][] = [
    ["Price", money.price],
    ...(money.discount ? ([["Discount", `−${money.discount}`]] as [string, string][]) : []),
    [money.taxLabel, money.tax],
    ["Total paid", money.total],
  ];
  return (
    <Layout preview={`Receipt for order #${receipt.orderId}`} title="Thank you for your order">
      <Text>Hello {name},</Text>
      <Text>Your payment went through. This is your receipt.</Text>
      {rows.map(([label, value]) => (
        <Text key={label} style={{ margin: "4px 0" }}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
      <Hr style={{ borderColor: "#e2e8f0", margin: "12px 0" }} />
      {sums.map(([label, value]) => (
        <Text key={label} style={{ margin: "4px 0" }}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
      {money.taxNote ? <Text style={small}>{money.taxNote}</Text> : null}
      <Text>{`Next: tell the studio what the video is for. ${receipt.dates}`}</Text>
      {links ? (
        <>
          <Button href={links.brief} style={button}>
            Write your brief
          </Button>
          <Text style={small}>
            {links.invoicePdf ? (
              <>
                <Link href={links.invoicePdf}>Download your invoice (PDF)</Link>
                {" · "}
              </>
            ) : null}
            <Link href={links.orders}>See your orders</Link>
          </Text>
        </>
      ) : null}
    </Layout>
  );
}

/** Sent to an address nobody has confirmed yet: it quotes nothing the sender typed (no name). */
export function WelcomeEmail({ verifyLink, hours, shopLink }: { verifyLink: string; hours: number; shopLink: string }) {
  return (
    <Layout preview={`Welcome to ${SHOP.name}: please confirm your email`} title={`Welcome to ${SHOP.name}`}>
      <Text>Hello,</Text>
      <Text>Thank you for signing up. Browse our packages any time at {shopLink}.</Text>
      <Text>Please confirm that this is your email address, so your receipts and delivery news reach you:</Text>
      <Button href={verifyLink} style={button}>
        Confirm my email
      </Button>
      <Text>Or paste this link into your browser: {verifyLink}</Text>
      <Text style={small}>The link works once and for {hours} hours. If you did not sign up, ignore this email.</Text>
    </Layout>
  );
}

/** Sent to an address nobody has confirmed yet: it quotes nothing the sender typed (no name). */
export function VerifyEmail({ verifyLink, hours }: { verifyLink: string; hours: number }) {
  return (
    <Layout preview={`Confirm your email for ${SHOP.name}`} title="Confirm your email">
      <Text>Hello,</Text>
      <Text>Here is a new link to confirm the email address of your {SHOP.name} account:</Text>
      <Button href={verifyLink} style={button}>
        Confirm my email
      </Button>
      <Text>Or paste this link into your browser: {verifyLink}</Text>
      <Text style={small}>The link works once and for {hours} hours. Earlier links no longer work.</Text>
    </Layout>
  );
}

export function NewsletterWelcomeEmail({ unsubscribeLink, shopLink }: { unsubscribeLink: string; shopLink: string }) {
  return (
    <Layout preview={`You are on the ${SHOP.name} newsletter`} title="You are on the list">
      <Text>
        Thank you for subscribing to the {SHOP.name} newsletter. Expect new packages, studio news and the occasional offer, never more than twice a month.
      </Text>
      <Text>See what is new: {shopLink}</Text>
      <Text style={small}>
        Not for you? <Link href={unsubscribeLink}>Unsubscribe</Link> with one click, no sign-in needed: {unsubscribeLink}
      </Text>
    </Layout>
  );
}

/** News about an order's work (delivery ready, revision requested, completed, refunded, brief reminder). */
export function WorkUpdateEmail({
  greeting,
  title,
  lines,
  link,
  linkLabel,
}: {
  greeting: string;
  title: string;
  lines: string[];
  link: string | null;
  linkLabel: string;
}) {
  return (
    <Layout preview={lines[0] ?? title} title={title}>
      <Text>{greeting}</Text>
      {lines.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      {link ? (
        <>
          <Button href={link} style={button}>
            {linkLabel}
          </Button>
          <Text style={small}>Or paste this link into your browser: {link}</Text>
        </>
      ) : null}
    </Layout>
  );
}

/**
 * Confirms an account's erasure, to the address it had. It quotes nothing else of the account (no
 * name): this message is the one record of the erasure the outbox keeps.
 */
export function AccountDeletedEmail({ shopLink }: { shopLink: string }) {
  return (
    <Layout preview={`Your ${SHOP.name} account has been deleted`} title="Your account has been deleted">
      <Text>Hello,</Text>
      <Text>
        As you asked, your {SHOP.name} account has been deleted, with your saved addresses, briefs, messages, files and revision requests, and you were signed
        out everywhere. You can no longer log in with this email address.
      </Text>
      <Text>
        Invoices and credit notes keep what the law requires: the name, address, tax number and amounts on them. Your reviews stay on the shop, shown as “Former
        customer”.
      </Text>
      <Text style={small}>
        If you did not ask for this, write to us at {SHOP.email}. You are welcome back at any time: {shopLink}
      </Text>
    </Layout>
  );
}

export function CreatorAccountDeletedEmail({ shopLink }: { shopLink: string }) {
  return (
    <Layout preview={`Your ${SHOP.name} creator account has been deleted`} title="Your creator account has been deleted">
      <Text>Hello,</Text>
      <Text>
        As you asked, your {SHOP.name} creator account has been deleted: your profile, portfolio and sign-ins are gone, and you can no longer log in with this
        email address. Your messages and comments stay on the orders they belong to, shown as “Former creator”.
      </Text>
      <Text>The studio keeps which orders you made and when, as its payment and tax records require.</Text>
      <Text style={small}>
        If you did not ask for this, write to us at {SHOP.email}. {shopLink}
      </Text>
    </Layout>
  );
}

export function CreatorInvitationEmail({ name, link, days }: { name: string; link: string; days: number }) {
  return (
    <Layout preview={`You are invited to make work on ${SHOP.name}`} title={`Join ${SHOP.name} as a creator`}>
      <Text>{greeting(name)}</Text>
      <Text>
        The {SHOP.name} studio invites you to make work for its customers as a creator. Choose the name customers will see and a password to open your
        workspace:
      </Text>
      <Button href={link} style={button}>
        Accept the invitation
      </Button>
      <Text>Or paste this link into your browser: {link}</Text>
      <Text style={small}>The link works once and for {days} days. If you did not expect it, ignore this email.</Text>
    </Layout>
  );
}

export function CreatorSuspendedEmail({ name, reason, appealLink }: { name: string; reason: string; appealLink: string }) {
  return (
    <Layout preview={`Your ${SHOP.name} creator account is suspended`} title="Your creator account is suspended">
      <Text>{greeting(name)}</Text>
      <Text>The studio has suspended your creator account. Its statement of reasons:</Text>
      <Text style={{ whiteSpace: "pre-wrap", borderLeft: "3px solid #cbd5e1", paddingLeft: "12px" }}>{reason}</Text>
      <Text>
        Your open orders pass to another creator. What you earned stays yours. You can still sign in to read this statement, and you can appeal by replying to
        this email or writing to the studio within 30 days: {appealLink}
      </Text>
    </Layout>
  );
}

export function NewCreatorEmail({ name, orderLink }: { name: string | null; orderLink: string }) {
  return (
    <Layout preview="A new creator will take over your order" title="A new creator will take over your order">
      <Text>{greeting(name)}</Text>
      <Text>
        The creator who was making your order can no longer continue. A new creator from the studio will take over; your brief, messages and versions stay with
        the order, and its due date does not change.
      </Text>
      <Button href={orderLink} style={button}>
        See your order
      </Button>
    </Layout>
  );
}
