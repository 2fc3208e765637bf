export type FormLimits = {
  /** Files in the whole form. */
  maxFiles: number;
  /** Bytes of the largest file (each file's kind may have a smaller limit, checked by its service). */
  maxFileSize: number;
  /** Bytes of the whole body (at most the route's `bodyRule`). */
  maxTotalSize?: number;
};
