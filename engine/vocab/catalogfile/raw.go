package catalogfile

import "encoding/json"

// The raw* types mirror catalog.json exactly; decoding disallows unknown
// fields so that a new catalog field is noticed instead of dropped.

type rawCatalog struct {
	Meta struct {
		Source       string          `json:"source"`
		SourceCommit string          `json:"sourceCommit"`
		Locales      []string        `json:"locales"`
		LicenseNote  string          `json:"license_note"`
		Notes        []string        `json:"notes"`
		Counts       json.RawMessage `json:"counts"`
	} `json:"meta"`
	RuleKeywords                    []rawWord                  `json:"ruleKeywords"`
	Events                          []rawEvent                 `json:"events"`
	EventTeams                      []rawWord                  `json:"eventTeams"`
	EventPlayers                    []rawWord                  `json:"eventPlayers"`
	EventPlayersAlsoAcceptHeroes    bool                       `json:"eventPlayersAlsoAcceptHeroes"`
	CustomGameSettingsValueKeywords []rawWord                  `json:"customGameSettingsValueKeywords"`
	Actions                         []rawElement               `json:"actions"`
	Values                          []rawElement               `json:"values"`
	Constants                       map[string][]rawMember     `json:"constants"`
	Heroes                          []rawHero                  `json:"heroes"`
	Maps                            []rawMap                   `json:"maps"`
	Gamemodes                       []rawGamemode              `json:"gamemodes"`
	LocalizedStrings                map[string][]rawWord       `json:"localizedStrings"`
	CustomGameSettingsSchema        map[string]json.RawMessage `json:"customGameSettingsSchema"`
}

type rawWord struct {
	Key   string            `json:"key"`
	GUID  string            `json:"guid"`
	Names map[string]string `json:"names"`
}

type rawEvent struct {
	rawWord
	Lines int `json:"lines"`
}

type rawElement struct {
	Key        string            `json:"key"`
	Kind       string            `json:"kind"`
	GUID       string            `json:"guid"`
	Names      map[string]string `json:"names"`
	Args       *[]rawArg         `json:"args"`
	ReturnType json.RawMessage   `json:"returnType"`
	Flags      *struct {
		IsConstant           bool   `json:"isConstant"`
		IsLiteral            bool   `json:"isLiteral"`
		CanBePutInBoolean    *bool  `json:"canBePutInBoolean"`
		HideFromAutocomplete bool   `json:"hideFromAutocomplete"`
		HasLiteralLimit      bool   `json:"hasLiteralLimit"`
		Class                string `json:"class"`
	} `json:"flags"`
}

type rawArg struct {
	Name           string          `json:"name"`
	Type           json.RawMessage `json:"type"`
	Enum           string          `json:"enum"`
	BareIdentifier string          `json:"bareIdentifier"`
	Default        json.RawMessage `json:"default"`
	Min            *float64        `json:"min"`
	Max            *float64        `json:"max"`
	LiteralMax     *float64        `json:"literalMax"`
	OptimizerHints map[string]bool `json:"optimizerHints"`
}

type rawMember struct {
	Key          string            `json:"key"`
	GUID         string            `json:"guid"`
	Names        map[string]string `json:"names"`
	RGBA         []int             `json:"rgba"`
	Extension    string            `json:"extension"`
	OnlyInOverpy bool              `json:"onlyInOverpy"`
}

type rawHero struct {
	rawWord
	Abilities map[string]rawWord `json:"abilities"`
}

type rawMap struct {
	rawWord
	Gamemodes     []string          `json:"gamemodes"`
	Variants      map[string]string `json:"variants"`
	IsSymmetrical bool              `json:"isSymmetrical"`
	SymmetryAxis  json.RawMessage   `json:"symmetryAxis"`
	IsWorkshopMap bool              `json:"isWorkshopMap"`
	OnlyInOw1     bool              `json:"onlyInOw1"`
}

type rawGamemode struct {
	rawWord
	DefaultTeam1Players int  `json:"defaultTeam1Players"`
	DefaultTeam2Players int  `json:"defaultTeam2Players"`
	DefaultFFAPlayers   int  `json:"defaultFfaPlayers"`
	OnlyInOw1           bool `json:"onlyInOw1"`
}
