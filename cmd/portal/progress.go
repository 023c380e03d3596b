package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/portaldocs/portal/internal/pipeline"
)

// progressPrinter shows how far a long build is. On a terminal it keeps one
// line up to date (the stage, its pages done, the rate and the time left);
// otherwise (a log, CI) it writes a plain line when a stage starts and every
// few seconds within a long one. A build shorter than quietFor (a
// terminal) or logEvery (a log) shows nothing.
type progressPrinter struct {
	w     io.Writer
	tty   bool
	now   func() time.Time
	start time.Time

	mu         sync.Mutex
	stage      string
	stageStart time.Time
	done       int
	total      int
	shown      time.Time // when the terminal line or the last log line was written
	lineShown  bool      // the terminal line is on screen
}

const (
	// quietFor is how long a build runs before its progress shows on a
	// terminal; a log gets its first line after logEvery.
	quietFor = time.Second
	// redrawEvery bounds how often the terminal line is redrawn.
	redrawEvery = 100 * time.Millisecond
	// logEvery is how often a plain line repeats within a long stage.
	logEvery = 5 * time.Second
)

func newProgressPrinter(w io.Writer, now func() time.Time) *progressPrinter {
	return &progressPrinter{w: w, tty: isTerminal(w), now: now, start: now()}
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// report takes one progress event from the build (from its workers,
// concurrently).
func (p *progressPrinter) report(pr pipeline.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	newStage := pr.Stage != p.stage
	if newStage {
		p.stage, p.stageStart = pr.Stage, now
	}
	p.done, p.total = pr.Done, pr.Total
	if elapsed := now.Sub(p.start); elapsed < quietFor || (!p.tty && elapsed < logEvery) {
		return
	}
	if p.tty {
		if newStage || now.Sub(p.shown) >= redrawEvery || (p.total > 0 && p.done == p.total) {
			fmt.Fprintf(p.w, "\r\x1b[K%s", p.line(now))
			p.shown, p.lineShown = now, true
		}
		return
	}
	if (newStage && pr.Total == 0) || now.Sub(p.shown) >= logEvery {
		fmt.Fprintf(p.w, "portal: %s\n", p.line(now))
		p.shown = now
	}
}

// line describes where the build is: "prerender 1,234/3,456 pages (36%),
// 250 pages/s, about 9s left, 12s in".
func (p *progressPrinter) line(now time.Time) string {
	s := p.stage
	if p.total > 0 {
		s += fmt.Sprintf(" %d/%d pages (%d%%)", p.done, p.total, p.done*100/p.total)
		if took := now.Sub(p.stageStart); p.done > 0 && took > 0 {
			rate := float64(p.done) / took.Seconds()
			s += fmt.Sprintf(", %.0f pages/s", rate)
			if left := p.total - p.done; left > 0 {
				s += fmt.Sprintf(", about %s left", roundDuration(time.Duration(float64(left)/rate*float64(time.Second))))
			}
		}
	}
	return s + fmt.Sprintf(", %s in", roundDuration(now.Sub(p.start)))
}

// finish clears the terminal line, so the build's result prints on a clean
// line.
func (p *progressPrinter) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.lineShown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.lineShown = false
	}
}

// roundDuration is d to the second, or to the tenth under ten seconds.
func roundDuration(d time.Duration) time.Duration {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}
