package ssr

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestEvalJSON(t *testing.T) {
	tests := []struct {
		name, script, want, wantErr string
	}{
		{name: "value", script: "({a: [1, 'x', true], b: null})", want: `{"a":[1,"x",true],"b":null}`},
		{name: "promise", script: "(async () => { await null; return {title: 'Site'}; })()", want: `{"title":"Site"}`},
		{name: "undefined is null", script: "undefined", want: "null"},
		{name: "thrown error", script: "throw new TypeError('bad config')", wantErr: "TypeError: bad config"},
		{name: "rejected promise", script: "Promise.reject(new Error('no'))", wantErr: "Error: no"},
		{name: "no file system", script: "typeof require + typeof process + typeof std + typeof os + typeof fetch",
			want: `"undefinedundefinedundefinedundefinedundefined"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := EvalJSON(context.Background(), tt.script, 5*time.Second)
			if tt.wantErr != "" {
				var se *ScriptError
				if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want a ScriptError with %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestEvalJSONStopsAtTimeout(t *testing.T) {
	start := time.Now()
	_, err := EvalJSON(context.Background(), "for (;;) {}", 200*time.Millisecond)
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("error = %v, want ErrTimeout", err)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("took %s to stop", took)
	}
}
