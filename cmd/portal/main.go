// Command portal turns a site folder into a complete documentation website
// and serves it.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/portaldocs/portal/internal/ssr"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == renderWorkerCommand {
		os.Exit(serveRenderWorker())
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	if exe, err := os.Executable(); err == nil {
		ctx = withRenderWorkers(ctx, exe)
	}
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// serveRenderWorker is the process a build starts for each JavaScript
// engine past its first (ssr.WithWorkers). It leaves interrupts to the
// build that started it, which ends it by closing its input or killing it.
func serveRenderWorker() int {
	signal.Ignore(os.Interrupt, syscall.SIGTERM)
	if err := ssr.ServeWorker(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "portal: render worker: %v\n", err)
		return 1
	}
	return 0
}
