package ssr

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestScriptCallsReadFilesAndAwaitPromises: a kept VM answers calls with
// what its host reads, across calls, a promise awaited; a read problem is
// a thrown error the caller gets.
func TestScriptCallsReadFilesAndAwaitPromises(t *testing.T) {
	files := map[string]string{"/a.json": `{"n": 2}`}
	read := func(path string) (string, string) {
		if text, ok := files[path]; ok {
			return text, ""
		}
		return "", "no file " + path
	}
	source := `var calls = 0;
globalThis.double = async (path) => {
  calls++;
  const [text, problem] = __portalReadFile(path);
  if (problem) throw new Error(problem);
  return {n: JSON.parse(text).n * 2, calls};
};`
	script, err := NewScript(source, read, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer script.Close()
	for _, tc := range []struct{ call, want, wantErr string }{
		{call: `double("/a.json")`, want: `{"n":4,"calls":1}`},
		{call: `double("/a.json")`, want: `{"n":4,"calls":2}`},
		{call: `double("/b.json")`, wantErr: "no file /b.json"},
	} {
		got, err := script.Call(context.Background(), tc.call, 5*time.Second)
		switch {
		case tc.wantErr != "":
			var se *ScriptError
			if !errors.As(err, &se) || !strings.Contains(se.Error(), tc.wantErr) {
				t.Errorf("%s: error %v, want a ScriptError with %q", tc.call, err, tc.wantErr)
			}
		case err != nil || got != tc.want:
			t.Errorf("%s = %s, %v; want %s", tc.call, got, err, tc.want)
		}
	}
}

// TestScriptCallTimesOut: a call that never ends is stopped at its timeout.
func TestScriptCallTimesOut(t *testing.T) {
	script, err := NewScript(`globalThis.spin = () => { for (;;) {} };`, nil, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer script.Close()
	if _, err := script.Call(context.Background(), "spin()", 200*time.Millisecond); err == nil || !strings.Contains(err.Error(), "200ms") {
		t.Errorf("spin() gave %v, want a timeout after 200ms", err)
	}
}
