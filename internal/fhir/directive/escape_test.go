package directive

import (
	"testing"
)

func TestValuesReadAsWrittenInProseAndTables(t *testing.T) {
	if got := escapeMarkdown("patient/*.rs user/*.rs a|b"); got != `patient/\*.rs user/\*.rs a\|b` {
		t.Errorf("escapeMarkdown = %q", got)
	}
	if got := codeSpanRanges("a `x` b ``y`z`` c"); len(got) != 2 || got[0] != [2]int{2, 5} || got[1] != [2]int{8, 15} {
		t.Errorf("codeSpanRanges = %v", got)
	}
}
