package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	// A test that sends signals runs this binary as portal itself.
	if os.Getenv(runMainEnv) == "1" {
		main()
	}
	testscript.Main(m, map[string]func(){
		"portal": func() { os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs one scenario of the CLI per file in testdata/script.
func TestScripts(t *testing.T) {
	published, err := filepath.Abs("../../../shared/testdata/fhir/published/packages")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{Dir: "testdata/script", Condition: condition, Setup: func(env *testscript.Env) error {
		// The published FHIR packages the profile validator reads (issue 34).
		env.Setenv("PUBLISHED", published)
		return nil
	}})
}

// condition adds [race]: the test binary, which scripts run as portal, was
// built with the race detector.
func condition(cond string) (bool, error) {
	if cond == "race" {
		return raceDetector, nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}
