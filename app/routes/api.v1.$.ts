import { apiError } from "~/lib/api";

/** Unknown API paths answer in JSON, not with the HTML 404 page. */
export function loader() {
  return apiError(404, "Not found");
}

export function action() {
  return apiError(404, "Not found");
}
