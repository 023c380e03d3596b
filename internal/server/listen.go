package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"syscall"
	"time"
)

// Timeouts of the HTTP server ListenAndServe runs.
const (
	// shutdownTimeout bounds the graceful shutdown: requests in flight get
	// this long to finish before their connections are closed.
	shutdownTimeout = 5 * time.Second
	// readHeaderTimeout stops clients that open connections and never finish
	// a request from holding them (slowloris).
	readHeaderTimeout = 10 * time.Second
	// idleTimeout closes keep-alive connections nobody uses.
	idleTimeout = 2 * time.Minute
)

// ListenAndServe serves h on addr (host:port; port 0 picks a free one) until
// ctx is done, then shuts down gracefully. A handler made by New is served
// on fasthttp (see fast.go), any other with net/http. Either way it stops accepting, lets requests
// in flight finish for up to a few seconds, and returns nil. Once listening
// it logs "serving http://HOST:PORT/" (with the site's base URL when h was
// made by New), so the actual port is known even for port 0. A failure to
// listen, such as a port already in use, is returned naming the address.
func ListenAndServe(ctx context.Context, addr string, h http.Handler, logger *slog.Logger) error {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return listenError(addr, err)
	}
	url := listenURL(ln.Addr(), h)
	if fh, ok := h.(*handler); ok {
		logger.Info("serving "+url, slog.String("url", url))
		return serveFastHTTP(ctx, ln, fh, logger)
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		IdleTimeout:       idleTimeout,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	logger.Info("serving "+url, slog.String("url", url))

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("server: serving on %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	return shutdown(ctx, srv, served, logger)
}

// shutdown stops srv gracefully within shutdownTimeout, then forcibly.
func shutdown(ctx context.Context, srv *http.Server, served <-chan error, logger *slog.Logger) error {
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	err := srv.Shutdown(sctx)
	if err != nil {
		// Requests still running after the grace period are cut off.
		_ = srv.Close()
		err = fmt.Errorf("server: shutdown: %w", err)
	}
	if serveErr := <-served; !errors.Is(serveErr, http.ErrServerClosed) && err == nil {
		err = fmt.Errorf("server: %w", serveErr)
	}
	if fh, ok := srv.Handler.(*handler); ok && fh.accessLog != nil {
		fh.accessLog.flush()
	}
	logger.Info("stopped serving")
	return err
}

// listenError explains a failed listen, with a hint for the usual cause.
func listenError(addr string, err error) error {
	if errors.Is(err, syscall.EADDRINUSE) {
		return fmt.Errorf("server: cannot listen on %s: address already in use (another server is running there; choose another port): %w", addr, err)
	}
	return fmt.Errorf("server: cannot listen on %s: %w", addr, err)
}

// listenURL is the URL to open in a browser for the listener: an unspecified
// host (":3000", "0.0.0.0") is reachable as localhost. When h is the handler
// New made, the path is the site's base URL, since only that serves pages.
func listenURL(a net.Addr, h http.Handler) string {
	host, port := "localhost", ""
	if tcp, ok := a.(*net.TCPAddr); ok {
		port = strconv.Itoa(tcp.Port)
		if !tcp.IP.IsUnspecified() {
			host = tcp.IP.String()
		}
	}
	base := "/"
	if b, ok := h.(interface{ BaseURL() string }); ok {
		base = b.BaseURL()
	}
	return "http://" + net.JoinHostPort(host, port) + base
}
