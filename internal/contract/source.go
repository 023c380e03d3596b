package contract

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/constant"
	"go/doc"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// pkgSource is what the generator reads from one package's source files:
// the package name, and per declared type its doc comment, its declaration
// (for field comments) and the constants declared with it.
type pkgSource struct {
	name  string
	types map[string]*typeSource
}

// typeSource is one declared type as the source describes it.
type typeSource struct {
	doc  string
	spec *ast.TypeSpec
	// consts are the string values of the package-level constants whose type
	// is this type, in source order, without duplicates; unevaluable holds
	// the names of constants whose value the generator cannot compute.
	consts      []string
	unevaluable []string
}

// sourceLoader finds and parses the source of the packages that declare the
// contract's types, once per package.
type sourceLoader struct {
	fset    *token.FileSet
	pkgs    map[string]*pkgSource
	modRoot string // directory of the main module's go.mod, "" if none
	modPath string
}

func newSourceLoader() *sourceLoader {
	l := &sourceLoader{fset: token.NewFileSet(), pkgs: map[string]*pkgSource{}}
	if wd, err := os.Getwd(); err == nil {
		l.modRoot, l.modPath, _ = findModule(wd)
	}
	return l
}

// findModule walks up from dir to the nearest go.mod and returns its
// directory and module path.
func findModule(dir string) (root, modPath string, err error) {
	for d := dir; ; {
		f, err := os.Open(filepath.Join(d, "go.mod"))
		if err == nil {
			defer f.Close()
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
					return d, strings.Trim(strings.TrimSpace(rest), `"`), nil
				}
			}
			return "", "", fmt.Errorf("%s: no module line", filepath.Join(d, "go.mod"))
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", "", errors.New("no go.mod found above " + dir)
		}
		d = parent
	}
}

// dir locates a package's source directory: packages of the main module by
// path, any other (standard library, dependencies) through go/build.
func (l *sourceLoader) dir(pkgPath string) (string, error) {
	if l.modPath != "" {
		if pkgPath == l.modPath {
			return l.modRoot, nil
		}
		if rest, ok := strings.CutPrefix(pkgPath, l.modPath+"/"); ok {
			return filepath.Join(l.modRoot, filepath.FromSlash(rest)), nil
		}
	}
	srcDir := l.modRoot
	if srcDir == "" {
		srcDir, _ = os.Getwd()
	}
	p, err := build.Import(pkgPath, srcDir, build.FindOnly)
	if err != nil {
		return "", err
	}
	return p.Dir, nil
}

// load parses the package's non-test Go files (those the default build
// context selects) and indexes its types' docs and constants.
func (l *sourceLoader) load(pkgPath string) (*pkgSource, error) {
	if p, ok := l.pkgs[pkgPath]; ok {
		return p, nil
	}
	dir, err := l.dir(pkgPath)
	if err != nil {
		return nil, fmt.Errorf("find source of package %s: %w", pkgPath, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("read source of package %s: %w", pkgPath, err)
	}
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		f, err := parser.ParseFile(l.fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("parse source of package %s: %w", pkgPath, err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("package %s: no Go files in %s", pkgPath, dir)
	}
	p := &pkgSource{name: files[0].Name.Name, types: map[string]*typeSource{}}

	// Doc comments, as go doc shows them.
	dp, err := doc.NewFromFiles(l.fset, files, pkgPath, doc.AllDecls|doc.PreserveAST)
	if err != nil {
		return nil, fmt.Errorf("read docs of package %s: %w", pkgPath, err)
	}
	for _, t := range dp.Types {
		ts := &typeSource{doc: t.Doc}
		for _, s := range t.Decl.Specs {
			if spec, ok := s.(*ast.TypeSpec); ok && spec.Name.Name == t.Name {
				ts.spec = spec
				if ts.doc == "" {
					ts.doc = spec.Doc.Text()
				}
			}
		}
		p.types[t.Name] = ts
	}

	// Constants, with go/types so that iota, implicit repetition in const
	// groups, conversions and constant expressions evaluate as the compiler
	// evaluates them. Imports are not followed: a constant that depends on
	// another package is reported as unevaluable rather than guessed.
	conf := types.Config{
		Importer:    importerFunc(func(string) (*types.Package, error) { return nil, errors.New("imports not loaded") }),
		Error:       func(error) {},
		FakeImportC: true,
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}}
	tpkg, _ := conf.Check(pkgPath, l.fset, files, info)
	var consts []*types.Const
	for id, obj := range info.Defs {
		c, ok := obj.(*types.Const)
		if !ok || id == nil || tpkg == nil || c.Parent() != tpkg.Scope() {
			continue
		}
		consts = append(consts, c)
	}
	slices.SortFunc(consts, func(a, b *types.Const) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, c := range consts {
		named, ok := c.Type().(*types.Named)
		if !ok || named.Obj().Pkg() != tpkg {
			continue
		}
		ts := p.types[named.Obj().Name()]
		if ts == nil {
			continue
		}
		if c.Val().Kind() != constant.String {
			if b, ok := named.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
				ts.unevaluable = append(ts.unevaluable, c.Name())
			}
			continue
		}
		if v := constant.StringVal(c.Val()); !slices.Contains(ts.consts, v) {
			ts.consts = append(ts.consts, v)
		}
	}
	l.pkgs[pkgPath] = p
	return p, nil
}

type importerFunc func(path string) (*types.Package, error)

// Import implements types.Importer.
func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// fieldDocs indexes a struct declaration's field comments by field name
// (an embedded field by its type's name). The doc comment above a field
// wins over a comment at the end of its line.
func fieldDocs(st *ast.StructType) map[string]fieldSource {
	out := map[string]fieldSource{}
	if st == nil {
		return out
	}
	for _, f := range st.Fields.List {
		text := f.Doc.Text()
		if text == "" {
			text = f.Comment.Text()
		}
		names := f.Names
		if len(names) == 0 { // embedded: *pkg.T, pkg.T, T, T[P]
			if id := embeddedName(f.Type); id != nil {
				names = []*ast.Ident{id}
			}
		}
		for _, n := range names {
			out[n.Name] = fieldSource{doc: text, typ: f.Type}
		}
	}
	return out
}

// fieldSource is one struct field as the source writes it.
type fieldSource struct {
	doc string
	typ ast.Expr
}

func embeddedName(e ast.Expr) *ast.Ident {
	switch x := e.(type) {
	case *ast.StarExpr:
		return embeddedName(x.X)
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	case *ast.IndexExpr:
		return embeddedName(x.X)
	case *ast.IndexListExpr:
		return embeddedName(x.X)
	}
	return nil
}
