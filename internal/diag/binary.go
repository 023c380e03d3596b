package diag

import "github.com/portaldocs/portal/internal/binenc"

// AppendBinary appends d as a build cache record keeps it (binenc).
func AppendBinary(b []byte, d Diagnostic) []byte {
	b = binenc.AppendString(b, d.File)
	b = binenc.AppendInt(b, int64(d.Line))
	b = binenc.AppendInt(b, int64(d.Col))
	b = binenc.AppendInt(b, int64(d.Severity))
	b = binenc.AppendString(b, d.Message)
	return binenc.AppendString(b, d.Hint)
}

// ReadBinary reads a diagnostic AppendBinary wrote.
func ReadBinary(r *binenc.Reader) Diagnostic {
	return Diagnostic{File: r.String(), Line: int(r.Int()), Col: int(r.Int()), Severity: Severity(r.Int()),
		Message: r.String(), Hint: r.String()}
}
