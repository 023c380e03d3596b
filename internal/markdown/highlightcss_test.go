package markdown

import (
	"math"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
)

// cssRule is one parsed "selectors { declarations; }" line.
type cssRule struct {
	selectors    []string
	declarations map[string]string
}

func parseCSSRules(t *testing.T, css string) []cssRule {
	t.Helper()
	var rules []cssRule
	for _, line := range strings.Split(strings.TrimSpace(css), "\n") {
		selectors, body, ok := strings.Cut(line, " { ")
		if !ok || !strings.HasSuffix(body, " }") {
			t.Fatalf("unexpected CSS line %q", line)
		}
		rule := cssRule{selectors: strings.Split(selectors, ", "), declarations: map[string]string{}}
		for _, d := range strings.Split(strings.TrimSuffix(body, " }"), ";") {
			if name, value, ok := strings.Cut(strings.TrimSpace(d), ": "); ok {
				rule.declarations[name] = value
			}
		}
		rules = append(rules, rule)
	}
	return rules
}

// modeRules returns the rules scoped to one colour mode, keyed by the
// selector after the scope.
func modeRules(rules []cssRule, scope string) map[string]map[string]string {
	byselector := map[string]map[string]string{}
	for _, r := range rules {
		for _, s := range r.selectors {
			if rest, ok := strings.CutPrefix(s, scope+" "); ok {
				byselector[rest] = r.declarations
			}
		}
	}
	return byselector
}

func TestHighlightCSSScopesBothModes(t *testing.T) {
	rules := parseCSSRules(t, HighlightCSS())
	for _, r := range rules {
		joined := strings.Join(r.selectors, ", ")
		switch {
		case strings.HasPrefix(joined, "html[data-theme='light']"):
			if len(r.selectors) != 2 || !strings.HasPrefix(r.selectors[1], "html:not([data-theme]) ") {
				t.Errorf("light rule %q does not also apply without data-theme", joined)
			}
		case strings.HasPrefix(joined, "html[data-theme='dark']"):
		case strings.HasPrefix(joined, ".code-block "):
			if _, ok := r.declarations["color"]; ok {
				t.Errorf("layout rule %q sets a colour outside the colour modes", joined)
			}
		default:
			t.Errorf("rule %q is not scoped to a colour mode", joined)
		}
	}
	for _, scope := range []string{"html[data-theme='light']", "html[data-theme='dark']"} {
		mode := modeRules(rules, scope)
		for _, selector := range []string{".chroma", ".chroma .line.highlighted", ".chroma .line-number::before", ".chroma .k"} {
			if _, ok := mode[selector]; !ok {
				t.Errorf("%s has no rule for %s", scope, selector)
			}
		}
	}
}

func TestHighlightCSSReachesWCAGAA(t *testing.T) {
	rules := parseCSSRules(t, HighlightCSS())
	for _, scope := range []string{"html[data-theme='light']", "html[data-theme='dark']"} {
		mode := modeRules(rules, scope)
		base := mode[".chroma"]
		backgrounds := []string{base["background-color"], mode[".chroma .line.highlighted"]["background-color"]}
		for selector, declarations := range mode {
			fg, ok := declarations["color"]
			if !ok {
				continue
			}
			against := backgrounds
			if own, ok := declarations["background-color"]; ok {
				against = []string{own}
			}
			for _, bg := range against {
				ratio := contrastRatio(chroma.MustParseColour(fg), chroma.MustParseColour(bg))
				if ratio < wcagAA {
					t.Errorf("%s %s: %s on %s has contrast %.2f, want at least %.1f", scope, selector, fg, bg, ratio, wcagAA)
				}
			}
		}
	}
}

func TestContrastRatio(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"#000000", "#ffffff", 21},
		{"#ffffff", "#ffffff", 1},
		{"#777777", "#ffffff", 4.48},
		{"#0d1117", "#e6edf3", 16.02},
	}
	for _, tt := range tests {
		got := contrastRatio(chroma.MustParseColour(tt.a), chroma.MustParseColour(tt.b))
		if math.Abs(got-tt.want) > 0.01 {
			t.Errorf("contrastRatio(%s, %s) = %.3f, want %.2f", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestEnsureContrastKeepsGoodColours(t *testing.T) {
	white := chroma.MustParseColour("#ffffff")
	black := chroma.MustParseColour("#000000")
	good := chroma.MustParseColour("#0a3069")
	if got := ensureContrast(good, []chroma.Colour{white}, black); got != good {
		t.Errorf("ensureContrast changed %s to %s", good, got)
	}
	weak := chroma.MustParseColour("#999999")
	if got := ensureContrast(weak, []chroma.Colour{white}, black); contrastRatio(got, white) < wcagAA {
		t.Errorf("ensureContrast(%s) = %s, still below AA", weak, got)
	}
}
