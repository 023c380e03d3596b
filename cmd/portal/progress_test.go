package main

import (
	"strings"
	"testing"
	"time"

	"github.com/portaldocs/portal/internal/pipeline"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func TestProgress(t *testing.T) {
	tests := []struct {
		name string
		tty  bool
		// events at seconds since the start
		events []struct {
			at float64
			p  pipeline.Progress
		}
		want []string // substrings of the output, in order
		none string   // must not appear
	}{
		{
			name: "a short build shows nothing in a log either",
			tty:  false,
			events: []struct {
				at float64
				p  pipeline.Progress
			}{{0, pipeline.Progress{Stage: "load"}}, {3, pipeline.Progress{Stage: "prerender", Done: 10, Total: 10}}},
			none: "prerender",
		},
		{
			name: "a short build shows nothing",
			tty:  true,
			events: []struct {
				at float64
				p  pipeline.Progress
			}{{0, pipeline.Progress{Stage: "load"}}, {0.5, pipeline.Progress{Stage: "prerender", Done: 10, Total: 10}}},
			none: "prerender",
		},
		{
			name: "a terminal gets one line, redrawn, with the rate and the time left",
			tty:  true,
			events: []struct {
				at float64
				p  pipeline.Progress
			}{
				{0, pipeline.Progress{Stage: "load"}},
				{2, pipeline.Progress{Stage: "prerender", Done: 0, Total: 100}},
				{4, pipeline.Progress{Stage: "prerender", Done: 50, Total: 100}},
			},
			want: []string{"\r\x1b[Kprerender 0/100 pages (0%), 2s in", "\r\x1b[Kprerender 50/100 pages (50%), 25 pages/s, about 2s left, 4s in"},
		},
		{
			name: "a log gets a line per stage and one every few seconds",
			tty:  false,
			events: []struct {
				at float64
				p  pipeline.Progress
			}{
				{0, pipeline.Progress{Stage: "load"}},
				{2, pipeline.Progress{Stage: "markdown"}},
				{6, pipeline.Progress{Stage: "resolve"}},
				{7, pipeline.Progress{Stage: "prerender"}},
				{7, pipeline.Progress{Stage: "prerender", Done: 0, Total: 1000}},
				{8, pipeline.Progress{Stage: "prerender", Done: 100, Total: 1000}},
				{13, pipeline.Progress{Stage: "prerender", Done: 600, Total: 1000}},
			},
			want: []string{"portal: resolve, 6s in\n", "portal: prerender, 7s in\n",
				"portal: prerender 600/1000 pages (60%), 100 pages/s, about 4s left, 13s in\n"},
			none: "markdown",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			clock := &fakeClock{t: time.Unix(1000, 0)}
			start := clock.t
			p := newProgressPrinter(&out, clock.now)
			p.tty = tt.tty
			for _, e := range tt.events {
				clock.t = start.Add(time.Duration(e.at * float64(time.Second)))
				p.report(e.p)
			}
			p.finish()
			got := out.String()
			at := 0
			for _, w := range tt.want {
				i := strings.Index(got[at:], w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order)\ngot: %q", w, got)
				}
				at += i + len(w)
			}
			if tt.none != "" && strings.Contains(got, tt.none) {
				t.Errorf("output has %q\ngot: %q", tt.none, got)
			}
			if tt.tty && got != "" && !strings.HasSuffix(got, "\r\x1b[K") {
				t.Errorf("the terminal line is not cleared at the end: %q", got)
			}
		})
	}
}
