/** A customer's billing addresses. */
import { z } from "zod";
import { AddressSchema } from "~/domain/orders/address-schema.server";
import { ADDRESS_DELETED } from "~/lib/api-answers";
import { ok, done, refusals, READ, WRITE, JSON_BODY, CUSTOMER, invalid, notFound, AddressResponse } from "./shared";
import type { ApiOperation } from "./shared";

export const BILLING_ADDRESSES_CALLS = [
  {
    method: "GET",
    path: "/billing_addresses",
    summary: "The customer's addresses",
    auth: "customer",
    responses: { 200: { description: "Addresses", schema: ok(z.array(AddressResponse)) } },
    refusals: refusals(READ, CUSTOMER),
  },
  {
    method: "POST",
    path: "/billing_addresses",
    summary: "Add an address (flat or under `billing_address`)",
    auth: "customer",
    body: {
      schema: AddressSchema,
      alternatives: ["billing_address"],
      example: {
        street: "1 Market St",
        city: "Leeds",
        state: "West Yorkshire",
        zip_code: "LS1 1AA",
        country: "GB",
        is_default: true,
        company_name: "Lovelace Analytics Ltd",
        tax_id: "GB 246 8135 51",
      },
    },
    responses: { 201: { description: "Added", schema: ok(AddressResponse) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      JSON_BODY,
      invalid("Invalid input (a tax number is read against the country), or the address limit reached", "Billing address is invalid", [
        "Zip code is required",
        "Tax ID is not a valid VAT number for United Kingdom",
      ]),
    ),
  },
  {
    method: "GET",
    path: "/billing_addresses/{id}",
    summary: "One of the customer's addresses",
    auth: "customer",
    responses: { 200: { description: "The address", schema: ok(AddressResponse) } },
    refusals: refusals(READ, CUSTOMER, notFound("Not the caller's, or none", "Billing address not found")),
  },
  {
    method: "PUT",
    path: "/billing_addresses/{id}",
    summary:
      "Change one of the customer's addresses: every field, as when adding it (flat or under `billing_address`); `is_default: true` makes it the default (the old one stops being it); orders already made keep the buyer as invoiced",
    auth: "customer",
    body: {
      schema: AddressSchema,
      alternatives: ["billing_address"],
      example: {
        street: "2 Market St",
        city: "Leeds",
        state: "West Yorkshire",
        zip_code: "LS1 2AB",
        country: "GB",
        is_default: true,
        company_name: "Lovelace Analytics Ltd",
        tax_id: "GB 246 8135 51",
      },
    },
    responses: { 200: { description: "Changed", schema: ok(AddressResponse) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      JSON_BODY,
      invalid("Invalid input (a tax number is read against the country)", "Billing address is invalid", ["Zip code is required"]),
      notFound("Not the caller's, or none", "Billing address not found"),
    ),
  },
  {
    method: "DELETE",
    path: "/billing_addresses/{id}",
    summary:
      "Delete one of the customer's addresses; when it was the default, the most recent remaining address becomes the default. Orders made with it keep their own copy of the address",
    auth: "customer",
    responses: { 200: { description: "Deleted", schema: done(ADDRESS_DELETED) } },
    refusals: refusals(WRITE, CUSTOMER, notFound("Not the caller's, or none", "Billing address not found")),
  },
] as const satisfies readonly ApiOperation[];
