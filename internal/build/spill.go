package build

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"github.com/portaldocs/portal/internal/outdir"
)

// spill writes a build's files into a temporary sibling of the output
// folder as they are made, instead of keeping them in memory until the end
// (WithOutputDir): memory then holds one page at a time, not the whole
// site. Files the previous output already has, unchanged, are linked. The
// folder replaces the output only when the build succeeded (WriteDir).
type spill struct {
	tmp, target string

	mu    sync.Mutex
	names map[string]bool
	err   error

	jobs chan spillJob
	wg   sync.WaitGroup
	done bool
}

type spillJob struct {
	name string
	data []byte
}

// spillWriters overlap the system calls of writing many small files.
const spillWriters = 8

func newSpill(target string) (*spill, error) {
	target = filepath.Clean(target)
	parent := filepath.Dir(target)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("create output parent %s: %w", parent, err)
	}
	tmp, err := outdir.MkdirTemp(parent, "."+filepath.Base(target)+".new-")
	if err != nil {
		return nil, fmt.Errorf("create temporary output folder: %w", err)
	}
	s := &spill{tmp: tmp, target: target, names: map[string]bool{}, jobs: make(chan spillJob, 64)}
	for range spillWriters {
		s.wg.Add(1)
		go s.writer()
	}
	return s, nil
}

func (s *spill) writer() {
	defer s.wg.Done()
	for j := range s.jobs {
		if err := s.write(j); err != nil {
			s.mu.Lock()
			if s.err == nil {
				s.err = err
			}
			s.mu.Unlock()
		}
	}
}

func (s *spill) write(j spillJob) error {
	if err := os.MkdirAll(filepath.Dir(filepath.Join(s.tmp, filepath.FromSlash(j.name))), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", j.name, err)
	}
	return writeOrLink(s.tmp, s.target, j.name, j.data)
}

func (s *spill) add(name string, data []byte) {
	s.mu.Lock()
	s.names[name] = true
	s.mu.Unlock()
	s.jobs <- spillJob{name, data}
}

func (s *spill) has(name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.names[name]
}

func (s *spill) files() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	names := make([]string, 0, len(s.names))
	for n := range s.names {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// finish waits for every write and returns the first error.
func (s *spill) finish() error {
	if !s.done {
		s.done = true
		close(s.jobs)
		s.wg.Wait()
	}
	return s.err
}

// discard removes the temporary folder of a failed build.
func (s *spill) discard() {
	_ = s.finish()
	_ = os.RemoveAll(s.tmp)
}
