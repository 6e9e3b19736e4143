/** Escapes text for XML and HTML, attributes included; drops characters XML 1.0 cannot carry. */
export function escapeMarkup(text: string): string {
  return (
    text
      // XML 1.0 allows tab, LF, CR and U+0020 up; anything else (NUL, other controls, lone surrogates) is replaced.
      // oxlint-disable-next-line no-control-regex -- matching control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;')
  );
}

/** One line of a deviation: `SEVERITY check at operation instancePath`. */
export function deviationHeadline(deviation: { severity: string; check: string; operation: string; instancePath: string }): string {
  return `${deviation.severity.toUpperCase()} ${deviation.check} at ${deviation.operation}${deviation.instancePath ? ` ${deviation.instancePath}` : ''}`;
}
