module.exports = {
  docs: [
    'intro',
    {type: 'category', label: 'Getting started', items: ['setup']},
    {type: 'category', label: 'Reference', link: {type: 'generated-index', description: 'Everything to look up.'}, items: ['setup']},
  ],
};
