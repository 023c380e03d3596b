package contract

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedFileIsUpToDate fails when theme/src/contract.gen.ts is not
// what the Go types generate: someone changed a contract type (or the
// file) without regenerating.
func TestGeneratedFileIsUpToDate(t *testing.T) {
	res, err := Contract()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "..", filepath.FromSlash(GeneratedFile))
	committed, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read the generated contract: %v\nrun: go run ./cmd/contractgen", err)
	}
	if string(committed) != string(res.Code) {
		t.Errorf("%s is out of date with the Go types; run: go run ./cmd/contractgen\n--- %s (committed)\n+++ generated from the Go types\n%s",
			GeneratedFile, GeneratedFile, unifiedDiff(string(committed), string(res.Code), 3, 80))
	}
}

// unifiedDiff is a line diff of a and b in unified style, with context
// lines around each change, cut after maxLines output lines.
func unifiedDiff(a, b string, context, maxLines int) string {
	x, y := splitLines(a), splitLines(b)
	// Trim the common prefix and suffix, then take a longest common
	// subsequence of the rest; the files are small.
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	mx, my := x[pre:len(x)-suf], y[pre:len(y)-suf]
	if len(mx)*len(my) > 25_000_000 {
		return fmt.Sprintf("(files differ from line %d; too different to diff)\n", pre+1)
	}
	lcs := make([][]int32, len(mx)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(my)+1)
	}
	for i := len(mx) - 1; i >= 0; i-- {
		for j := len(my) - 1; j >= 0; j-- {
			if mx[i] == my[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	// ops over the whole files: ' ' kept, '-' only in a, '+' only in b.
	type op struct {
		kind       byte
		line       string
		aLine, bLn int // 1-based line numbers in a and b before this op
	}
	var ops []op
	for i := range pre {
		ops = append(ops, op{' ', x[i], i + 1, i + 1})
	}
	i, j := 0, 0
	for i < len(mx) || j < len(my) {
		switch {
		case i < len(mx) && j < len(my) && mx[i] == my[j]:
			ops = append(ops, op{' ', mx[i], pre + i + 1, pre + j + 1})
			i, j = i+1, j+1
		case i < len(mx) && (j == len(my) || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, op{'-', mx[i], pre + i + 1, pre + j + 1})
			i++
		default:
			ops = append(ops, op{'+', my[j], pre + i + 1, pre + j + 1})
			j++
		}
	}
	for k := range suf {
		ops = append(ops, op{' ', x[len(x)-suf+k], len(x) - suf + k + 1, len(y) - suf + k + 1})
	}

	var out strings.Builder
	lines := 0
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		// A hunk: from context lines before this change to context lines
		// after the last change that is within 2*context of the previous.
		start := max(0, k-context)
		end := k
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(len(ops), end+context)
				break
			}
			end = run
		}
		aCount, bCount := 0, 0
		for _, o := range ops[start:end] {
			if o.kind != '+' {
				aCount++
			}
			if o.kind != '-' {
				bCount++
			}
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", ops[start].aLine, aCount, ops[start].bLn, bCount)
		for _, o := range ops[start:end] {
			if lines >= maxLines {
				out.WriteString("... (diff cut)\n")
				return out.String()
			}
			out.WriteString(string(o.kind) + strings.TrimSuffix(o.line, "\n") + "\n")
			lines++
		}
		k = end
	}
	return out.String()
}

func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

func TestUnifiedDiff(t *testing.T) {
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"
	b := "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n11\n"
	got := unifiedDiff(a, b, 1, 100)
	want := "@@ -4,3 +4,3 @@\n 4\n-5\n+five\n 6\n@@ -10,1 +10,2 @@\n 10\n+11\n"
	if got != want {
		t.Errorf("diff:\n%s\nwant:\n%s", got, want)
	}
	if got := unifiedDiff(a, a, 3, 100); got != "" {
		t.Errorf("diff of equal texts = %q", got)
	}
}

// TestContractHasNoWarnings keeps the contract free of what the generator
// warns about, above all fields that would reach the theme under their Go
// name for want of a json tag.
func TestContractHasNoWarnings(t *testing.T) {
	res, err := Contract()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.Warnings {
		t.Error(w)
	}
}
