package policy

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
)

// HeadersJSONFile holds the security headers a build computed (its
// Content-Security-Policy lists the hashes of the pages' inline code), for
// portal serve --dir to send exactly what the nginx and _headers files say.
const HeadersJSONFile = DeployDir + "/headers.json"

// headersFile is HeadersJSONFile's content.
type headersFile struct {
	Headers []Header `json:"headers"`
}

// MarshalHeaders encodes headers as HeadersJSONFile.
func MarshalHeaders(headers []Header) []byte {
	data, err := json.MarshalIndent(headersFile{Headers: headers}, "", "  ")
	if err != nil {
		panic(fmt.Sprintf("marshal headers: %v", err)) // strings only: cannot fail
	}
	return append(data, '\n')
}

// ReadHeaders reads HeadersJSONFile from a built site. A site built without
// one (portal dev builds pages only when asked, so it cannot know their
// inline code) gets the security headers without a policy.
func ReadHeaders(fsys fs.FS) ([]Header, error) {
	data, err := fs.ReadFile(fsys, HeadersJSONFile)
	if errors.Is(err, fs.ErrNotExist) {
		return SecurityHeaders("", ""), nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", HeadersJSONFile, err)
	}
	var f headersFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", HeadersJSONFile, err)
	}
	return f.Headers, nil
}
