package racetest_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The race pass skips every test that calls ContentNotConcurrency, so the
// Makefile's second pass must name each of them, in its package, or the
// test never runs in make test; a name the pass lists that no test marks
// is stale.
func TestSecondPassRunsEveryContentTest(t *testing.T) {
	root := filepath.Join("..", "..")
	makefile, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	listed := strings.Fields(makeVariable(t, string(makefile), "CONTENT_TESTS"))
	packages := strings.Fields(makeVariable(t, string(makefile), "CONTENT_TEST_PACKAGES"))
	marked := markedTests(t, root)
	if len(marked) == 0 {
		t.Fatal("no test calls racetest.ContentNotConcurrency: the scan is broken")
	}
	for name, dir := range marked {
		if !slices.Contains(listed, name) {
			t.Errorf("%s (%s) skips the race pass, and CONTENT_TESTS in the Makefile does not name it", name, dir)
		}
		if !slices.Contains(packages, "./"+dir) {
			t.Errorf("%s is in %s, which CONTENT_TEST_PACKAGES in the Makefile does not list", name, dir)
		}
	}
	for _, name := range listed {
		if _, ok := marked[name]; !ok {
			t.Errorf("CONTENT_TESTS in the Makefile names %s, which no test marked with racetest.ContentNotConcurrency is", name)
		}
	}
}

// makeVariable is the value of a Makefile's NAME := …, continuation lines
// joined.
func makeVariable(t *testing.T, makefile, name string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + name + ` :=((?:.*\\\n)*.*)$`).FindStringSubmatch(makefile)
	if m == nil {
		t.Fatalf("the Makefile has no %s := line", name)
	}
	return strings.ReplaceAll(m[1], "\\\n", " ")
}

// markedTests maps each test function that calls
// racetest.ContentNotConcurrency to its package folder.
func markedTests(t *testing.T, root string) map[string]string {
	t.Helper()
	marked := map[string]string{}
	for _, top := range []string{"internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(file string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(file, "_test.go") {
				return err
			}
			parsed, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			dir, _ := filepath.Rel(root, filepath.Dir(file))
			for _, decl := range parsed.Decls {
				if fn, ok := decl.(*ast.FuncDecl); ok && strings.HasPrefix(fn.Name.Name, "Test") && callsContentNotConcurrency(fn) {
					marked[fn.Name.Name] = filepath.ToSlash(dir)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return marked
}

func callsContentNotConcurrency(fn *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "ContentNotConcurrency" {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "racetest" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
